/** Declarations of request-rules.mjs: the Messages API's rules for a request body. */

/** Longest base64 string of one image. */
export declare const MAX_IMAGE_BASE64: number;
/** Most images in one request. */
export declare const MAX_IMAGES: number;
/** Most PDF pages in one request, counted over every PDF `document` block. */
export declare const MAX_PDF_PAGES: number;
/** Most bytes of one request body. */
export declare const MAX_REQUEST_BYTES: number;
/** Most `cache_control` breakpoints in one request. */
export declare const MAX_CACHE_BREAKPOINTS: number;

/**
 * The first rule `body` breaks, as the API's error message, or `undefined` when the API would accept it.
 * `headers` (lower-case names) matter for beta features such as the MCP connector and the Files API;
 * `fileBytes` gives an uploaded file's bytes by id, so a PDF referred to by `file_id` counts its pages.
 */
export declare function requestProblem(
  body: unknown,
  headers?: Record<string, unknown>,
  fileBytes?: (id: string) => Buffer | undefined,
): string | undefined;
