// Thrown to stop a rule as not checked (a missing option, the budget, nothing to check against):
// reported as such, never as a pass or a violation.
export class NotChecked extends Error {}
