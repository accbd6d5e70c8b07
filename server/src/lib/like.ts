/**
 * A LIKE/ILIKE pattern that matches `text` literally anywhere: %, _ and the backslash (PostgreSQL's
 * default LIKE escape) in what the user typed are escaped, so "50%" finds "50%" and not "500".
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
