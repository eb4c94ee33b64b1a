/**
 * The staff CLI's office commands: `staff add|list|disable|reset` (the admissions office's
 * accounts, services/staff.ts) and `audit` (the audit log, services/audit.ts). The password is
 * read from standard input, or asked for on a terminal without echo; it is never an argument
 * (arguments show in `ps` and in the shell's history).
 */
import { type StaffRole } from '../db/schema.ts';
import { auditEntries, createAudit } from '../services/audit.ts';
import { isCommonPassword, MAX_PASSWORD_LENGTH } from '../services/passwords.ts';
import { staffAdmin, type StaffCredentials } from '../services/staff.ts';
import { type CommandContext, CommandError, shortTime } from './commands.ts';

/** A staff password is at least this long: it guards every applicant's data. */
export const STAFF_PASSWORD_MIN = 12;

/** Where a command reads the new password (cli.ts: standard input or the terminal). */
export type ReadSecret = (prompt: string) => Promise<string>;

function admin(ctx: CommandContext) {
  return staffAdmin({
    db: ctx.db,
    clock: ctx.clock,
    audit: createAudit(ctx.db, ctx.clock),
    issuer: ctx.tenant.names.college,
    dataKeys: ctx.dataKeys,
  });
}

async function newPassword(readSecret: ReadSecret, email: string): Promise<string> {
  const password = (await readSecret(`New password for ${email}: `)).replace(/\r?\n$/, '');
  if (password.length < STAFF_PASSWORD_MIN)
    throw new CommandError(
      `The password must be at least ${STAFF_PASSWORD_MIN} characters; it was ${password.length === 0 ? 'empty' : `${password.length}`}.`,
    );
  if (password.length > MAX_PASSWORD_LENGTH)
    throw new CommandError(`The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  if (await isCommonPassword(password))
    throw new CommandError(
      'This password is too common. Please choose one that is harder to guess.',
    );
  return password;
}

function printCredentials(ctx: CommandContext, credentials: StaffCredentials, what: string): void {
  ctx.out(credentials.otpauthUri);
  ctx.note(
    `${what} ${credentials.email} (${credentials.role}). The link above is shown this once: open it, or make it a QR code, in the staff member's authenticator app (any RFC 6238 app: 6 digits, 30 seconds), then give them the password by another way. They sign in at /office with the password and the app's current code.`,
  );
}

/** `staff add EMAIL --role reader|officer`: prints the otpauth:// URI once. */
export async function staffAddCommand(
  ctx: CommandContext,
  email: string,
  role: StaffRole,
  readSecret: ReadSecret,
): Promise<StaffCredentials> {
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim()))
    throw new CommandError(`"${email}" is not an e-mail address.`);
  const password = await newPassword(readSecret, email);
  const credentials = await admin(ctx).add(email, role, password);
  printCredentials(ctx, credentials, 'Added');
  return credentials;
}

/** `staff list`: e-mail address, role, state and when added. */
export async function staffListCommand(ctx: CommandContext): Promise<void> {
  const now = ctx.clock();
  const members = await admin(ctx).list();
  if (members.length === 0) {
    ctx.note(
      'No staff accounts yet. Add one with: npm run admin -- staff add EMAIL --role officer',
    );
    return;
  }
  for (const member of members) {
    const state =
      member.disabled_at !== null
        ? `disabled ${shortTime(member.disabled_at)}`
        : member.locked_until !== null && member.locked_until > now
          ? `locked until ${shortTime(member.locked_until)}`
          : 'active';
    ctx.out(`${member.email}\t${member.role}\t${state}\tadded ${shortTime(member.created_at)}`);
  }
}

/** `staff disable EMAIL`: refuses its sign-in and ends its sessions now. */
export async function staffDisableCommand(ctx: CommandContext, email: string): Promise<void> {
  await admin(ctx).disable(email);
  ctx.out(`Disabled ${email.trim().toLowerCase()}; its sessions have ended.`);
}

/** `staff reset EMAIL`: a new password and a new TOTP secret (the old app's codes stop). */
export async function staffResetCommand(
  ctx: CommandContext,
  email: string,
  readSecret: ReadSecret,
): Promise<StaffCredentials> {
  const password = await newPassword(readSecret, email);
  const credentials = await admin(ctx).reset(email, password);
  printCredentials(ctx, credentials, 'Reset');
  return credentials;
}

/** `audit [--since DATE] [--staff EMAIL]`: the log, oldest first, a line per row. */
export async function auditCommand(
  ctx: CommandContext,
  options: { since?: Date; staff?: string },
): Promise<void> {
  const entries = await auditEntries(ctx.db, {
    ...(options.since === undefined ? {} : { since: options.since }),
    ...(options.staff === undefined ? {} : { actor: options.staff }),
  });
  for (const entry of entries) {
    const details = Object.keys(entry.details).length === 0 ? '' : JSON.stringify(entry.details);
    ctx.out(
      [entry.at.toISOString(), entry.actor, entry.action, entry.target ?? '-', details]
        .join('\t')
        .trimEnd(),
    );
  }
  ctx.note(`${entries.length} audit entr${entries.length === 1 ? 'y' : 'ies'}.`);
}
