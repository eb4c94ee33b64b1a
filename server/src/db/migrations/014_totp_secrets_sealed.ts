import { type Kysely, type Migration, sql } from 'kysely';

/** What the migration needs: services/totpSecrets.ts's `resealTotpSecret` with the data key. */
export interface TotpSealer {
  reseal: (staffId: string, stored: string) => string | undefined;
}

/**
 * The staff's TOTP secrets sealed at rest, as the SSN is (012): every secret stored as plain
 * base32 before it is sealed with the data key (services/totpSecrets.ts). The key is the
 * caller's (db/database.ts `migrate`, given it by the start and the CLI). Without one, the
 * migration passes only a database without staff yet, and refuses any other rather than leave
 * the secrets readable.
 */
export function totpSecretsSealed(sealer: TotpSealer | undefined): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const staff = await sql<{ id: string; totp_secret: string }>`
        SELECT id, totp_secret FROM staff ORDER BY id
      `.execute(db);
      if (staff.rows.length === 0) return;
      if (sealer === undefined)
        throw new Error(
          "the staff's authentication secrets must be encrypted, which needs the data key: start the server or run an admin command on this database",
        );
      // A few dozen staff at most: one page.
      for (const row of staff.rows) {
        const sealed = sealer.reseal(row.id, row.totp_secret);
        if (sealed !== undefined)
          await sql`UPDATE staff SET totp_secret = ${sealed} WHERE id = ${row.id}`.execute(db);
      }
    },
  };
}
