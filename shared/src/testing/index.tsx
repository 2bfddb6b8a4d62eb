// @pasar/shared/testing: helpers for the tests of the shell and every remote. Not part of the
// main entry, so none of this reaches a production bundle.
import { installPointerEventPolyfill } from './pointer-event-polyfill';

installPointerEventPolyfill();

export {
  renderWithShell,
  type RenderWithShellOptions,
  type RenderWithShellResult,
  type ShellAuth,
} from './render-with-shell';
export {
  createTestApiClient,
  NOT_MOCKED_CODE,
  type HttpMethod,
  type TestApiClient,
  type TestErrorReply,
  type TestHandler,
  type TestReply,
  type TestRequest,
} from './test-api-client';
export { collectCssText, cssRulesFor } from './css-rules';
export { installPointerEventPolyfill } from './pointer-event-polyfill';
