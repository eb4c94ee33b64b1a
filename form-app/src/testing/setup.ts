/**
 * Vitest setup for the form-app project: the render counter must be in place before react-dom
 * is first imported (react-dom looks for the DevTools hook once, when it loads).
 */
import { installRenderCounter } from './renderCounter.ts';

installRenderCounter();
