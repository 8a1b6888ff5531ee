// `npx tsx bench/compare-databases.ts --a http://127.0.0.1:3000 --b http://127.0.0.1:3001
//   --from 2026-08-01 --to 2026-10-31`: two running servers over the same demo data on two
// databases (say plain PostgreSQL and a Citus cluster, docs/scaling.md) asked every reader's call
// of the answer tour (server testing/answer-tour.ts: dashboard, scorecard, every analysis page and
// metric on /v3 and its /v2 twin, maps, 施設基準) as システム管理者 over every store of the
// advanced demo corporation and as each other demo admin over its own stores. Prints the calls
// compared, how many answered the same status and byte-identical bodies, and each difference;
// exits with 1 on any.
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

let compared = 0;
let equal = 0;
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
    } else {
      differences.push(
        `${email} ${path}: ${replyA.status} ${bodyA.slice(0, 120)} / ${replyB.status} ${bodyB.slice(0, 120)}`,
      );
    }
  }
}
for (const difference of differences) console.log(`≠ ${difference}`);
console.log(
  `${compared} calls compared, ${equal} equal (${answered} of them answered 200), ${differences.length} different`,
);
process.exit(differences.length === 0 ? 0 : 1);
