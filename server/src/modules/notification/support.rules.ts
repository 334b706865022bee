/** The e-mail the support team receives from the contact-support modal: who wrote, about which member and account. */
export function supportEmailText(input: {
  sender: { name: string; username: string; staff: boolean };
  member: { memberNumber: string; name: string; email: string | null; mobile: string | null } | null;
  accountNumber: string | null;
  message: string;
}): { subject: string; body: string } {
  const about = input.accountNumber
    ? `account ${input.accountNumber}`
    : input.member
      ? `member ${input.member.memberNumber}`
      : input.sender.username;
  const lines = [
    `From: ${input.sender.name} (${input.sender.staff ? 'staff' : 'member'} sign-in ${input.sender.username})`,
    `Member: ${input.member ? `${input.member.name}, member number ${input.member.memberNumber}` : 'none'}`,
    ...(input.member
      ? [`Member contact: ${input.member.email ?? 'no e-mail'}, ${input.member.mobile ?? 'no mobile'}`]
      : []),
    `Account: ${input.accountNumber ?? 'none'}`,
    '',
    input.message,
  ];
  return { subject: `Support request: ${about}`, body: lines.join('\n') };
}
