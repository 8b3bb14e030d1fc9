import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import type { MyProfileViewProps } from './MyProfileView';
import { UserView, type UserDetails } from './UserView';

const me: UserDetails = {
  _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f',
  username: 'Camille Martin',
  primaryEmail: 'camille.martin@btp-lyon.fr',
  role: 'manager',
  emailVerified: false,
  profilePicture: null,
  company: { _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'BTP Lyon Rénovation' },
  createdAt: '2026-01-15T09:30:00.000Z',
};

// A 1×1 PNG: stories need no server to show a picture.
const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const self: Omit<MyProfileViewProps, 'user'> = {
  username: { submitting: false, error: null, onSubmit: fn() },
  picture: {
    state: 'idle',
    previewUrl: null,
    fileName: null,
    problem: null,
    error: null,
    removing: false,
    removeError: null,
    onSelect: fn(),
    onUpload: fn(),
    onCancel: fn(),
    onRemove: fn(),
  },
  password: { submitting: false, error: null, resetKey: 0, onSubmit: fn() },
  verification: { sending: false, sent: false, error: null, onResend: fn() },
};

const picture = (patch: Partial<MyProfileViewProps['picture']>) => ({ ...self.picture, ...patch });

const meta: Meta<typeof UserView> = {
  title: 'Views/User page',
  component: UserView,
  args: { status: 'loading' },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
};
export default meta;

type Story = StoryObj<typeof UserView>;

export const Loading: Story = {};
export const NotFound: Story = { args: { status: 'notFound' } };
export const LoadError: Story = { args: { status: 'error', message: 'Erreur interne du serveur. Réessayez dans un instant.', onRetry: fn() } };
export const OtherUser: Story = {
  args: { status: 'other', user: { ...me, _id: '7c1d', username: 'Julie Bernard', primaryEmail: 'julie.bernard@btp-lyon.fr', role: 'employee', profilePicture: { url: pixel } } },
};
export const MyProfile: Story = { args: { status: 'self', user: me, ...self }, parameters: { machineStates: ['pictureUpload.idle'] } };
export const MyProfileVerified: Story = { args: { status: 'self', user: { ...me, emailVerified: true, profilePicture: { url: pixel } }, ...self } };
export const PictureSelected: Story = {
  args: { status: 'self', user: me, ...self, picture: picture({ state: 'selected', previewUrl: pixel, fileName: 'portrait.png' }) },
  parameters: { machineStates: ['pictureUpload.selected'] },
};
export const PictureInvalid: Story = {
  args: { status: 'self', user: me, ...self, picture: picture({ state: 'invalid', problem: 'size' }) },
  parameters: { machineStates: ['pictureUpload.invalid'] },
};
export const PictureUploading: Story = {
  args: { status: 'self', user: me, ...self, picture: picture({ state: 'uploading', previewUrl: pixel, fileName: 'portrait.png' }) },
  parameters: { machineStates: ['pictureUpload.uploading'] },
};
export const PictureDone: Story = {
  args: { status: 'self', user: { ...me, profilePicture: { url: pixel } }, ...self, picture: picture({ state: 'done' }) },
  parameters: { machineStates: ['pictureUpload.done'] },
};
export const PictureFailure: Story = {
  args: {
    status: 'self',
    user: me,
    ...self,
    picture: picture({ state: 'failure', previewUrl: pixel, fileName: 'portrait.png', error: 'Type de fichier non accepté.' }),
  },
  parameters: { machineStates: ['pictureUpload.failure'] },
};
export const PictureRemoving: Story = { args: { status: 'self', user: { ...me, profilePicture: { url: pixel } }, ...self, picture: picture({ removing: true }) } };
export const SavingUsername: Story = { args: { status: 'self', user: me, ...self, username: { ...self.username, submitting: true } } };
export const UsernameError: Story = {
  args: { status: 'self', user: me, ...self, username: { ...self.username, error: 'La requête contient des données invalides.' } },
};
export const ChangingPassword: Story = { args: { status: 'self', user: me, ...self, password: { ...self.password, submitting: true } } };
export const PasswordError: Story = {
  args: { status: 'self', user: me, ...self, password: { ...self.password, error: 'Le mot de passe actuel est incorrect.' } },
};
export const VerificationSending: Story = { args: { status: 'self', user: me, ...self, verification: { ...self.verification, sending: true } } };
export const VerificationSent: Story = { args: { status: 'self', user: me, ...self, verification: { ...self.verification, sent: true } } };

// The server refused a field (400): its details land under the input, the msg stays in the banner until the user edits.
const longName = "Le champ « Nom d'utilisateur » doit contenir au plus 50 caractères.";
const weakPassword = 'Ce mot de passe est trop facile à deviner. Ajoutez des mots moins courants.';
export const UsernameRefused: Story = {
  args: { status: 'self', user: me, ...self, username: { ...self.username, error: longName, errorDetails: [{ field: 'username', msg: longName }] } },
  parameters: { machineStates: ['request.failure'] },
};
export const PasswordRefused: Story = {
  args: { status: 'self', user: me, ...self, password: { ...self.password, error: weakPassword, errorDetails: [{ field: 'newPassword', msg: weakPassword }] } },
  parameters: { machineStates: ['request.failure'] },
};
