import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Handlers } from '../../openapi/handlers';

// The contract of the resumes comes first (the UI is built against it); the handlers follow.
const pending = async (): Promise<never> => {
  throw new AppError(501, 'resume-not_ready');
};

export function resumesHandlers(_deps: Deps): Handlers<'listResumes' | 'createResume' | 'getResume' | 'updateResume' | 'deleteResume' | 'downloadResumeFile' | 'replaceResumeFile'> {
  return { listResumes: pending, createResume: pending, getResume: pending, updateResume: pending, deleteResume: pending, downloadResumeFile: pending, replaceResumeFile: pending };
}
