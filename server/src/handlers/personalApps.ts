// The user's own apps (beyond issue 5's lists), reports (personalChart) and departments (sysDeptInfo). Issue 6.
export const personalAppHandlers = {};
