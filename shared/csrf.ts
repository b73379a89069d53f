/**
 * The header every state-changing API call from our own pages carries. A cross-site form cannot add
 * it and a cross-site script cannot send it without a CORS preflight the server never grants, so the
 * server accepts a state-changing request without an Origin header only when this is present.
 */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'fetch' } as const;
