import type { Api } from '../../api/client';
import type { Profile } from '../../machines/types';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { multipartForm } from '../calls-support';

type InviteInfo = { email: string; role: 'manager' | 'employee'; company: { name: string } };
type UserSummary = components['schemas']['UserSummary'];

export const usersCalls = {
  // Account screens (issue 3).
  getInviteByToken: async (api: Api, input: { token: string }, signal: AbortSignal): Promise<RequestSuccess<InviteInfo>> => {
    const data = await api.call(() => api.client.GET('/api/invites/token/{token}', { params: { path: { token: input.token } }, signal }));
    return { message: '', data };
  },
  registerInvitedUser: async (api: Api, input: { token: string; username: string; password: string }, signal: AbortSignal): Promise<RequestSuccess<Profile>> => {
    const data = await api.call(() => api.client.POST('/api/invites/register', { body: input, signal }));
    return { message: data.msg, data: data.details };
  },
  requestPasswordReset: async (api: Api, input: { email: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/password/forgot', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  resetPassword: async (api: Api, input: { token: string; password: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/password/reset', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  changePassword: async (api: Api, input: { currentPassword: string; newPassword: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.PATCH('/api/users/password', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  verifyEmail: async (api: Api, input: { token: string }, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/verify-email', { body: input, signal }));
    return { message: data.msg, data: null };
  },
  resendVerificationEmail: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<null>> => {
    const data = await api.call(() => api.client.POST('/api/users/verify-email/resend', { signal }));
    return { message: data.msg, data: null };
  },
  getUser: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<UserSummary>> => {
    const data = await api.call(() => api.client.GET('/api/users/{id}', { params: { path: { id: input.id } }, signal }));
    return { message: '', data };
  },
  // The picture is typed by what machines know of a file; it is a browser File at run time.
  updateProfile: async (api: Api, input: { username?: string; picture?: { name: string; type: string; size: number } }, signal: AbortSignal): Promise<RequestSuccess<Profile>> => {
    const form = multipartForm({ username: input.username, picture: input.picture });
    // FormData goes out as is: the browser writes the multipart boundary.
    const data = await api.call(() => api.client.PATCH('/api/users/profile', { body: {}, bodySerializer: () => form, signal }));
    return { message: data.msg, data: data.details };
  },
  deleteProfilePicture: async (api: Api, _input: void, signal: AbortSignal): Promise<RequestSuccess<Profile>> => {
    const data = await api.call(() => api.client.DELETE('/api/users/profile/picture', { signal }));
    return { message: data.msg, data: data.details };
  },
};
