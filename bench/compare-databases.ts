// `npx tsx bench/compare-databases.ts --a http://127.0.0.1:3000 --b http://127.0.0.1:3001
//   --from 2026-08-01 --to 2026-10-31`: two running servers over the same demo data on two
// databases (say plain PostgreSQL and a Citus cluster, docs/scaling.md) asked every reader's call
// of the answer tour (server testing/answer-tour.ts: dashboard, scorecard, store list, every
// analysis page and metric on /v3 and its /v2 twin, maps, 施設基準) as システム管理者 over every
// store of the advanced demo corporation and as each other demo admin over its own stores. Prints
// the calls compared, how many answered the same status and byte-identical bodies (or, for
// doctors, departments and pharmacists, equal but for their row ids), and each difference; exits
// with 1 on any.
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

type Item = Record<string, unknown>;

/**
 * What two databases that loaded the same files may answer differently, and the calls it shows in:
 * such answers are compared as lists of items without it.
 */
const DIFFERING_BY_DESIGN = [
  {
    // Handed out in another order by two databases loading the same files four at a time; the
    // items are compared in the order of their contents.
    what: 'the row ids of doctors, departments and pharmacists',
    calls: /^\/v[23]\/(doctor|clinical_department|pharmacist)\//,
    without: (item: Item) => ({ ...item, key: null }),
    sorted: true,
  },
  {
    // Drawn at random by each database's demo seed, shown to admins with the store list.
    what: 'the uploader keys of the store list',
    calls: /^\/v3\/branches$/,
    without: (item: Item) => ({
      ...item,
      clientDeviceUser: item.clientDeviceUser && {
        ...(item.clientDeviceUser as Item),
        plainTextPassword: null,
      },
    }),
    sorted: false,
  },
];

function sameBesides(a: string, b: string, { without, sorted }: (typeof DIFFERING_BY_DESIGN)[0]) {
  const items = (text: string) => {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return undefined;
    const texts = parsed.map((item: Item) => JSON.stringify(without(item)));
    return sorted ? texts.sort() : texts;
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
const equalBesides = new Map(DIFFERING_BY_DESIGN.map((d) => [d.what, 0]));
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
      continue;
    }
    const allowed = DIFFERING_BY_DESIGN.find((d) => d.calls.test(path.split('?')[0]!));
    if (replyA.status === replyB.status && allowed && sameBesides(bodyA, bodyB, allowed)) {
      equalBesides.set(allowed.what, equalBesides.get(allowed.what)! + 1);
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
    [...equalBesides].map(([what, n]) => `${n} equal but for ${what}, `).join('') +
    `${differences.length} different`,
);
process.exit(differences.length === 0 ? 0 : 1);
