// Shapes shared by machines and the app. Plain data only: machine context stays serialisable.

export type Role = 'admin' | 'manager' | 'employee';

export type Profile = {
  _id: string;
  username: string;
  primaryEmail: string;
  role: Role;
  profilePicture: { url: string } | null;
  company: { _id: string; name: string } | null;
  createdAt: string;
};
