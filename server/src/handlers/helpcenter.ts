// The help centre (spec 7.7) and the complaints review of spec 7.5. Issue 6.
export const helpCenterHandlers = {};
