/**
 * form-model's messages (validation, SPEC §5 and §8; SPEC §8's errors) in the page's language.
 * Their texts are the `validation` message area (messageAreas.ts), not in a step page's first
 * download: only code that comes with that area imports this module (the date, lookup and
 * upload fields, the review, the account pages), and useValidation fetches it with the area
 * and the yup schema. Each message is formatted on its first use (form-model's `messagesIn`).
 */
import { messagesIn } from '@admit/form-model';
import { language, messages } from 'virtual:admit-language';

export const modelMessages = messagesIn(language, messages);
