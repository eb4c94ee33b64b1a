/** Every call of SPEC §7, typed. */
import { request } from './client.ts';
import { LinkError, ServerError, UnauthorizedError } from './errors.ts';
import {
  type Answers,
  type ConversionStatus,
  type DocumentAnswer,
  type ErrorMap,
  type LookupSuggestion,
  type MessageResponse,
  type PdfStatus,
  type PresignedUpload,
  type Profile,
  type Receipt,
  type ServiceApplication,
  type SubmitResponse,
  type WebStatus,
} from './types.ts';

/**
 * A GET that a link's token opens (a service link, a temporary application): any failure is
 * the link's, a LinkError with the server's message (a 401 here is a refused token, not an
 * ended session).
 */
async function linkRequest<T>(path: string): Promise<T> {
  try {
    return await request<T>('GET', path);
  } catch (error) {
    if (error instanceof UnauthorizedError) throw new LinkError(error.message, 401);
    if (error instanceof ServerError) throw new LinkError(error.message, error.status);
    throw error;
  }
}

/** SPEC §7: web-status is the one call retried, twice. */
const WEB_STATUS_RETRIES = 2;

export const api = {
  profile: () => request<Profile>('GET', '/api/profile'),
  /** Sent with `keepalive`, so that a save under way when the tab closes still arrives. */
  saveAnswers: (answers: Answers) =>
    request<MessageResponse>('PUT', '/api/answer', answers, undefined, { keepalive: true }),
  saveLastPage: (lastPage: string) =>
    request<MessageResponse>('PUT', '/api/last-page', { last_page: lastPage }),
  async postWebStatus(webStatus: Exclude<WebStatus, 'submitted'>): Promise<MessageResponse> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await request<MessageResponse>('POST', '/api/web-status', { web_status: webStatus });
      } catch (error) {
        if (!(error instanceof ServerError) || attempt >= WEB_STATUS_RETRIES) throw error;
      }
    }
  },
  logout: () => request<MessageResponse>('GET', '/api/logout'),
  tabs: () => request<Record<string, string>>('GET', '/api/tabs'),
  saveTab: (tabId: string, chosenTab: string) =>
    request<Record<string, string>>('PUT', '/api/tabs', { tab_id: tabId, chosen_tab: chosenTab }),
  addAnother: () => request<Record<string, number>>('GET', '/api/add-another'),
  saveAddAnother: (buttonId: string, count: number) =>
    request<Record<string, number>>('PUT', '/api/add-another', {
      button_id: buttonId,
      num_components: count,
    }),
  documentAnswers: () => request<Record<string, DocumentAnswer>>('GET', '/api/document-answer'),
  deleteDocumentAnswer: (key: string) =>
    request<MessageResponse>('DELETE', `/api/document-answer/${encodeURIComponent(key)}`),
  presignedUrl: (answerKey: string) =>
    request<PresignedUpload>('POST', '/api/presigned-url', { answer_key: answerKey }),
  requestConversion: (key: string, fileKey: string, fileName: string) =>
    request<MessageResponse>('POST', `/api/pdf/document-answer/${encodeURIComponent(key)}`, {
      file_key: fileKey,
      file_name: fileName,
    }),
  conversionStatus: (key: string) =>
    request<{ status: ConversionStatus; message: string }>(
      'GET',
      `/api/pdf/document-answer/${encodeURIComponent(key)}`,
    ),
  deleteConversion: (key: string) =>
    request<MessageResponse>('DELETE', `/api/pdf/document-answer/${encodeURIComponent(key)}`),
  pdf: () => request<{ status: PdfStatus; url: string }>('GET', '/api/pdf'),
  submit: () => request<SubmitResponse>('POST', '/api/submit'),
  receipt: () => request<Receipt>('GET', '/api/receipt'),
  postValidations: (errors: ErrorMap) =>
    request<MessageResponse>('POST', '/api/validations', errors),

  login: (body: { username: string; password: string; default_route?: string }) =>
    request<MessageResponse>('POST', '/public/login', body),
  signup: (body: { username: string; password: string }) =>
    request<MessageResponse>('POST', '/public/signup', body),
  confirm: (body: { username: string; code: string }) =>
    request<MessageResponse>('POST', '/public/confirm', body),
  resendConfirm: (body: { username: string }) =>
    request<MessageResponse>('POST', '/public/resend-confirm', body),
  forgotPassword: (body: { username: string }) =>
    request<MessageResponse>('POST', '/public/forgot-password', body),
  resetPassword: (body: {
    username: string;
    password: string;
    confirm_password: string;
    id: string;
  }) => request<MessageResponse>('POST', '/public/reset-password', body),
  temporaryApplication: (token: string) =>
    linkRequest<{ answer: Answers }>(`/public/tmp?token=${encodeURIComponent(token)}`),
  serviceApplication: (serviceToken: string) =>
    linkRequest<ServiceApplication>(
      `/service/tmp-pdf?service_token=${encodeURIComponent(serviceToken)}`,
    ),
  async lookup(text: string, category: string, signal?: AbortSignal): Promise<LookupSuggestion[]> {
    try {
      const params = new URLSearchParams({ text, category, max_results: '5' });
      return await request<LookupSuggestion[]>(
        'GET',
        `/lookup/find?${params.toString()}`,
        undefined,
        signal,
      );
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      // SPEC §7: a failed lookup gives an empty list.
      return [];
    }
  },
  lookupDetail: (id: string, category: string) =>
    request<Record<string, string>>(
      'GET',
      `/lookup/find?${new URLSearchParams({ id, category }).toString()}`,
    ),
};

export type Api = typeof api;
