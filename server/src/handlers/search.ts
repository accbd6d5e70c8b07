// The global search (spec 7.8). Issue 6.
export const searchHandlers = {};
