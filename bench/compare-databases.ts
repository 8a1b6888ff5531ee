// `npx tsx bench/compare-databases.ts --a http://127.0.0.1:3000 --b http://127.0.0.1:3001
//   --from 2026-08-01 --to 2026-10-31`: two running servers over the same demo data on two
// databases (say plain PostgreSQL and a Citus cluster, docs/scaling.md) asked every reader's call
// of the answer tour (server testing/answer-tour.ts: dashboard, scorecard, every analysis page and
// metric on /v3 and its /v2 twin, maps, 施設基準) as システム管理者 over every store of the
// advanced demo corporation and as each other demo admin over its own stores. Prints the calls
// compared, how many answered the same status and byte-identical bodies (or, for doctors and
// departments, equal but for their row ids), and each difference; exits with 1 on any.
import { parseArgs } from 'node:util';
import { DEMO_CORPORATIONS } from '@pharmalytics/datagen';
import { answerTour } from '../packages/server/src/testing/answer-tour.ts';
import { signIn } from './session.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
  },
});
if (!values.a || !values.b || !values.from || !values.to) {
  throw new Error('--a URL --b URL --from YYYY-MM-DD --to YYYY-MM-DD');
}
const [a, b] = [values.a, values.b];

const who = [
  'sysadmin@example.com',
  ...DEMO_CORPORATIONS.filter((c) => !c.suspended).flatMap((c) =>
    c.members.filter((m) => m.role === 'admin').map((m) => m.email),
  ),
].filter((email, i, all) => all.indexOf(email) === i);

/**
 * Doctors and departments are keyed by their row ids, which two databases loading the same files
 * side by side hand out in another order: such answers are compared without the items' keys, in
 * the order of their contents.
 */
function sameBesidesItemIds(a: string, b: string): boolean {
  const items = (text: string) => {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return undefined;
    return parsed
      .map((item: Record<string, unknown>) => JSON.stringify({ ...item, key: null }))
      .sort();
  };
  try {
    const [itemsA, itemsB] = [items(a), items(b)];
    return itemsA !== undefined && JSON.stringify(itemsA) === JSON.stringify(itemsB);
  } catch {
    return false;
  }
}

let compared = 0;
let equal = 0;
let equalBesidesIds = 0;
let answered = 0;
const differences: string[] = [];
for (const email of who) {
  const [sessionA, sessionB] = [await signIn(a, email), await signIn(b, email)];
  if (sessionA.storeCodes !== sessionB.storeCodes) {
    differences.push(`${email}: stores ${sessionA.storeCodes} / ${sessionB.storeCodes}`);
    continue;
  }
  const storeCodes = sessionA.storeCodes.split(',').filter(Boolean);
  if (storeCodes.length === 0) continue;
  for (const path of answerTour({ from: values.from, to: values.to, storeCodes })) {
    const [replyA, replyB] = await Promise.all([
      fetch(`${a}${path}`, { headers: { cookie: sessionA.cookie } }),
      fetch(`${b}${path}`, { headers: { cookie: sessionB.cookie } }),
    ]);
    const [bodyA, bodyB] = [await replyA.text(), await replyB.text()];
    compared += 1;
    if (replyA.status === replyB.status && bodyA === bodyB) {
      equal += 1;
      if (replyA.status === 200) answered += 1;
    } else if (
      replyA.status === replyB.status &&
      /^\/v[23]\/(doctor|clinical_department)\//.test(path) &&
      sameBesidesItemIds(bodyA, bodyB)
    ) {
      equalBesidesIds += 1;
    } else {
      differences.push(
        `${email} ${path}: ${replyA.status} ${bodyA.slice(0, 120)} / ${replyB.status} ${bodyB.slice(0, 120)}`,
      );
    }
  }
}
for (const difference of differences) console.log(`≠ ${difference}`);
console.log(
  `${compared} calls compared: ${equal} byte-identical (${answered} of them answered 200), ` +
    `${equalBesidesIds} equal but for the row ids of doctors and departments, ` +
    `${differences.length} different`,
);
process.exit(differences.length === 0 ? 0 : 1);
