/** The web app's screen that takes a new password (SPEC §2 `/user/ResetPasswordByUrl`). */
export function resetPasswordLink(publicUrl: string, uid: number, email: string, token: string): string {
  return `${publicUrl}/user/ResetPasswordByUrl?${new URLSearchParams({ uid: String(uid), email, token }).toString()}`;
}

/** The web app's screen that confirms an address (it posts `user/verifyEmail` with the uid and token). */
export function verifyEmailLink(publicUrl: string, uid: number, token: string): string {
  return `${publicUrl}/user/verifyEmail?${new URLSearchParams({ uid: String(uid), token }).toString()}`;
}
