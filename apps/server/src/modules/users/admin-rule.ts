// D-11: who is an admin. An address in configuration is not enough: the
// account must have proven it, the e-mail by a code sent to it, the number by an SMS code.
// Otherwise whoever registered first with the admin's address (or after the admin deleted their
// account) would get the admin's rights.

export interface Admins {
  /** ADMIN_EMAILS, lower case. */
  emails: readonly string[];
  /** ADMIN_PHONES, E.164. */
  phones: readonly string[];
}

export interface ProvenIdentity {
  email: string | null;
  emailVerifiedAt: Date | null;
  mobileNo: string | null;
  mobileVerifiedAt: Date | null;
}

export function isAdmin(user: ProvenIdentity, admins: Admins): boolean {
  const byEmail = user.email !== null && user.emailVerifiedAt !== null && admins.emails.includes(user.email);
  const byPhone = user.mobileNo !== null && user.mobileVerifiedAt !== null && admins.phones.includes(user.mobileNo);
  return byEmail || byPhone;
}
