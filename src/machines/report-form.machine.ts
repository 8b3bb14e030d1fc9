import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

// Same limits as the server (openapi.yaml ReportForm): refused here before any upload.
export const SCREENSHOT_MAX_BYTES = 1024 * 1024;
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

export const REPORT_TYPES = ['bug', 'feature_request', 'feedback', 'other'] as const;
export const REPORT_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export type ReportPriority = (typeof REPORT_PRIORITIES)[number];

/** What the machine needs to know of a file; a browser File fits. */
export type ScreenshotFile = { readonly name: string; readonly type: string; readonly size: number };

export type ReportValues = { type: ReportType | ''; priority: ReportPriority | ''; title: string; description: string };
export type ReportField = keyof ReportValues;
/** An i18n key per field left empty at submit. */
export type ReportFieldErrors = Partial<Record<ReportField, string>>;

/** What createReport sends; the screenshot is a browser File at run time. */
export type ReportSubmission = {
  type: ReportType;
  priority: ReportPriority;
  title: string;
  description: string;
  currentUrl: string;
  screenshot: ScreenshotFile | null;
};

export type ReportFormContext = {
  values: ReportValues;
  currentUrl: string;
  screenshot: ScreenshotFile | null;
  errors: ReportFieldErrors;
  error: RequestError | null;
};

export type ReportFormEvent =
  | { type: 'report.open'; currentUrl: string }
  | { type: 'report.close' }
  | { type: 'report.change'; field: ReportField; value: string }
  | { type: 'report.screenshot.select'; file: ScreenshotFile }
  | { type: 'report.screenshot.remove' }
  | { type: 'report.submit' };

/** The i18n key of the toast that refuses a file, or null when the file is a fitting screenshot. */
export function screenshotProblem(file: Pick<ScreenshotFile, 'type' | 'size'>): 'common-invalid_file_type' | 'common-invalid_file_size' | null {
  if (!SCREENSHOT_TYPES.includes(file.type)) return 'common-invalid_file_type';
  return file.size > SCREENSHOT_MAX_BYTES ? 'common-invalid_file_size' : null;
}

export function reportFieldErrors(values: ReportValues): ReportFieldErrors {
  const errors: ReportFieldErrors = {};
  for (const field of ['type', 'priority', 'title', 'description'] as const) if (values[field].trim() === '') errors[field] = 'form-required';
  return errors;
}

// Spec section 4: a fresh form is feedback, medium priority, empty texts and no screenshot.
export const EMPTY_REPORT: ReportValues = { type: 'feedback', priority: 'medium', title: '', description: '' };

const initialContext = (): ReportFormContext => ({ values: { ...EMPTY_REPORT }, currentUrl: '', screenshot: null, errors: {}, error: null });

/** The report form behind the floating button: closed, or open (editing, submitting, failure). */
export const reportFormMachine = setup({
  types: {
    context: {} as ReportFormContext,
    events: {} as ReportFormEvent,
  },
  actors: {
    // The report filing (operationId createReport), provided by the app.
    createReport: fromPromise<RequestSuccess<null>, ReportSubmission>(async () => {
      throw new Error('Actor "createReport" was not provided');
    }),
  },
  guards: {
    isRefused: ({ event }) => event.type === 'report.screenshot.select' && screenshotProblem(event.file) !== null,
    isIncomplete: ({ context }) => Object.keys(reportFieldErrors(context.values)).length > 0,
  },
  actions: {
    // Provided by the app: an error toast with the given i18n key (spec section 8).
    notifyInvalid: (_, _params: { message: 'common-invalid_file_type' | 'common-invalid_file_size' }) => {},
    // Provided by the app: the success toast with the server's message.
    notifySuccess: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'reportForm',
  initial: 'closed',
  context: initialContext,
  states: {
    closed: {
      on: {
        // A closed draft is kept; only a filed report resets the form.
        'report.open': { target: 'open', actions: assign({ currentUrl: ({ event }) => event.currentUrl }) },
      },
    },
    open: {
      initial: 'editing',
      // Editing and failure take these edits; submitting overrides them (the fields are locked).
      on: {
        'report.change': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            // An error shown since the last submit goes away once its field is filled in.
            const errors = { ...context.errors };
            if (!reportFieldErrors(values)[event.field]) delete errors[event.field];
            return { values, errors };
          }),
        },
        'report.screenshot.select': [
          { guard: 'isRefused', actions: { type: 'notifyInvalid', params: ({ event }) => ({ message: screenshotProblem(event.file)! }) } },
          { actions: assign({ screenshot: ({ event }) => event.file }) },
        ],
        'report.screenshot.remove': { actions: assign({ screenshot: null }) },
        'report.submit': [{ guard: 'isIncomplete', actions: assign({ errors: ({ context }) => reportFieldErrors(context.values) }) }, { target: '.submitting' }],
        'report.close': { target: 'closed', actions: assign({ error: null, errors: {} }) },
      },
      states: {
        editing: {},
        submitting: {
          tags: ['submitting'],
          on: { 'report.change': {}, 'report.screenshot.select': {}, 'report.screenshot.remove': {}, 'report.submit': {}, 'report.close': {} },
          entry: assign({ error: null }),
          invoke: {
            src: 'createReport',
            input: ({ context }) => ({
              type: context.values.type as ReportType,
              priority: context.values.priority as ReportPriority,
              title: context.values.title.trim(),
              description: context.values.description.trim(),
              currentUrl: context.currentUrl,
              screenshot: context.screenshot,
            }),
            onDone: {
              target: '#reportForm.closed',
              actions: [{ type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) }, assign(initialContext)],
            },
            onError: { target: 'failure', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
          },
        },
        failure: {},
      },
    },
  },
});
