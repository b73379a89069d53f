// `npm run users -- <command>`: bootstrap accounts and staff without the browser.
//   create --email E --password P [--admin] [--first-name F] [--last-name L]
//       a built-in provider account whose email counts as verified: the operator running this
//       command vouches for the address, so no verification link is sent
//   grant-admin E
//       make the user with that email an admin when their email is verified (works with any issuer;
//       the role applies at their next request); otherwise a pending grant that the first sign-in
//       with that email, verified, claims
// Opens the database like the server, so with the embedded database it refuses while the server runs.
import { parseArgs } from 'node:util';
import { runDatabaseCommand } from '../server/db/database-command.js';
import { runMigrations } from '../server/db/migrate.js';
import { users } from '../server/db/schema.js';
import type { Db } from '../server/db/client.js';
import { createLocalAccount, EmailTakenError } from '../server/modules/identity-provider/local-accounts.js';
import { passwordProblem } from '../server/modules/identity-provider/password-policy.js';
import { findUserByEmail, grantAdminByEmail } from '../server/modules/users/repository.js';
import { paymentEmailSchema } from '../shared/schemas/user-emails.js';

const USAGE = `Usage:
  npm run users -- create --email E --password P [--admin] [--first-name F] [--last-name L]
      Creates a built-in account with its email already verified: you, the operator, vouch for
      the address, so no verification link is sent. The password must be at least 10 characters
      and not a common one.
  npm run users -- grant-admin E
      Makes the user with that verified email an admin. If nobody has signed in with E verified
      yet, records a pending grant that their first verified sign-in claims.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function validEmail(value: string | undefined): string {
  const parsed = paymentEmailSchema.safeParse(value ?? '');
  if (!parsed.success) fail(`A valid --email is required.\n${USAGE}`);
  return parsed.data;
}

/**
 * Makes sure the app's user row exists (with admin when asked), so --admin holds from the first
 * sign-in. The row is linked to the account by its (verified) email at that sign-in rather than
 * by issuer URL here, so it does not matter if this command saw a different PUBLIC_URL.
 */
async function ensureUser(
  db: Db,
  options: { email: string; admin: boolean; givenName: string; familyName: string },
) {
  const existing = await findUserByEmail(db, options.email);
  if (existing) {
    // A row someone signed in to with an unverified copy of this address is not the operator's
    // person: grantAdminByEmail leaves a pending grant for them instead.
    if (options.admin) await grantAdminByEmail(db, options.email);
    return;
  }
  await db.insert(users).values({
    email: options.email,
    firstName: options.givenName || null,
    lastName: options.familyName || null,
    role: options.admin ? 'admin' : 'user',
    // The operator vouches for the address (the account below is created verified).
    emailVerified: true,
  });
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    admin: { type: 'boolean', default: false },
    'first-name': { type: 'string', default: '' },
    'last-name': { type: 'string', default: '' },
  },
});
const [command, argument] = positionals;

if (command === 'create') {
  const email = validEmail(values.email);
  const password = values.password ?? '';
  const problem = passwordProblem(password, [email, values['first-name'], values['last-name']]);
  if (problem) fail(`--password: ${problem}`);
  await runDatabaseCommand('npm run users', async (database, config) => {
    if (!config.auth.builtInProvider) {
      fail(
        'OIDC_ISSUER is set, so the built-in provider is off: create the account at your identity provider, ' +
          'then run `npm run users -- grant-admin EMAIL` if it needs admin rights.',
      );
    }
    await runMigrations(database);
    try {
      const account = await createLocalAccount(database.db, {
        email,
        password,
        givenName: values['first-name'],
        familyName: values['last-name'],
        emailVerified: true,
      });
      await ensureUser(database.db, {
        email,
        admin: values.admin,
        givenName: account.givenName,
        familyName: account.familyName,
      });
      console.log(
        `Created ${values.admin ? 'admin' : 'user'} ${email}. They can sign in at ${config.publicUrl}/api/login`,
      );
    } catch (error) {
      if (error instanceof EmailTakenError) fail(`An account with ${email} already exists.`);
      throw error;
    }
  });
} else if (command === 'grant-admin') {
  const email = validEmail(argument ?? values.email);
  await runDatabaseCommand('npm run users', async (database) => {
    await runMigrations(database);
    const outcome = await grantAdminByEmail(database.db, email);
    console.log(
      outcome.kind === 'pending'
        ? `Pending grant recorded: nobody has signed in with ${email} verified yet. ` +
            'They become an admin when they first sign in with that email verified ' +
            '(a built-in account confirms it by following the link in its verification mail).'
        : `${email} is now an admin.`,
    );
  });
} else {
  fail(USAGE);
}
