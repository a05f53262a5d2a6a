/** A contact's page (the list's rows are the list kit's table, in ContactsPage). */
export const contactPath = (guId: string) => `/contacts/${encodeURIComponent(guId)}/detail`;
