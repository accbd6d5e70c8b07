// The new-password rules the server applies (updatepwd), checked before sending so the person
// learns at once: 8 to 64 characters, at least one letter and one digit, not the old one.
export type PasswordProblem = "length" | "mix" | "same";

export function passwordProblem(next: string, old: string | undefined): PasswordProblem | null {
  // Counted as the server counts (UTF-16 units), so both sides agree on every password.
  if (next.length < 8 || next.length > 64) return "length";
  if (!/[A-Za-z]/.test(next) || !/\d/.test(next)) return "mix";
  if (old !== undefined && next === old) return "same";
  return null;
}
