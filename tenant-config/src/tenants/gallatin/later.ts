// The pages after the first step: the browser fetches them in a chunk of their own
// (gallatinBrowser.loadPages in browser.ts).
export { educationPage } from './education.ts';
export { finalStepsPage } from './finalSteps.ts';
