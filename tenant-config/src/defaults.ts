/** The bundled college a server serves when neither TENANT nor TENANT_DIR says otherwise. */
export const DEFAULT_TENANT = 'gallatin';
