/** `%text%` for LIKE and ILIKE, with the text's own wildcards and escape character escaped. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
