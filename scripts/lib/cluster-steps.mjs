// The data and the steady mixed load of `npm run test:cluster` (scripts/cluster.mjs): sandbox purchases, catalogue
// reads and uploads through nginx, with a kill of one instance in the middle.
import { randomUUID } from 'node:crypto';
import { MP4_HEAD, PNG, sleep, upload } from './stack.mjs';

const LOAD_AFTER_KILL_MS = 10000;
/** The pause before each step of a purchase: 4 students keep about 4 flows a second going, 8 in flight at a time. */
const PURCHASE_PACE_MS = 150;

export async function setup(api, publicUrl) {
  const password = 'Passw0rd!23';
  const signup = async (p, extra) => {
    const email = `${randomUUID().slice(0, 8)}@cluster.test`;
    const res = await api(p, {
      body: {
        fullName: 'Ada Obi',
        email,
        phoneNumber: '08012345678',
        password,
        confirmPassword: password,
        ...extra,
      },
    });
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${res.body.responseDto?.message}`);
    return email;
  };
  const login = async (p, userName, pw = password) => {
    const res = await api(p, { body: { userName, password: pw } });
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${res.body.responseDto?.message}`);
    return res.body.token;
  };
  const adminToken = await login('/login/admin', 'admin@cluster.test', 'AdminPass123!');
  const tutorEmail = await signup('/staff/add', {
    category: 'Website development',
    gender: 'Male',
    age: 34,
    certificateUrl: 'https://example.com/certificate.pdf',
  });
  const tutorToken = await login('/login/staff', tutorEmail);
  const students = [];
  for (let i = 0; i < 4; i++) {
    const email = await signup('/user/add', {});
    students.push({ email, token: await login('/login/customer', email), bought: [] });
  }
  const image = await upload(publicUrl, tutorToken, 'image', PNG);
  const video = await upload(
    publicUrl,
    tutorToken,
    'video',
    Buffer.concat([MP4_HEAD, Buffer.alloc(4000, 7)]),
  );
  const makeCourse = async (title) => {
    const res = await api('/course/tutoraddcourses', {
      token: tutorToken,
      body: {
        title,
        description: 'Learn it well.',
        nairaPrice: 1500,
        courseImageUrl: image.url,
        courseVideoUrl: video.url,
        courseGroup: 'SoftwareEngineering',
        courseCategory: 'BackendEngineer',
        sectionDto: [
          { title: 'Start', seriesList: [{ title: 'Welcome', videoLink: video.url, videoFile: 'w.mp4' }] },
        ],
      },
    });
    if (res.status !== 200) throw new Error(`create course: ${res.status} ${res.body.responseDto?.message}`);
    return res.body.coursesDto.id;
  };
  const approve = (id, via = api) =>
    via('/course/process', { token: adminToken, body: { id, status: 'Approved' } });
  const courseIds = [];
  for (let i = 0; i < 120; i++) {
    const id = await makeCourse(`Cluster course ${i}`);
    await approve(id);
    courseIds.push(id);
  }
  return { password, adminToken, tutorToken, tutorEmail, students, courseIds, makeCourse, approve, login };
}

/**
 * Runs the load through `publicUrl` (nginx) and, for one upload loop, straight to instance A at `instanceA` until
 * it is killed; `onKill` kills it `killAt` ms in. Returns what every request got.
 */
export async function load(s, api, publicUrl, instanceA, killAt, onKill) {
  const records = [];
  const purchases = [];
  const uploads = [];
  let stop = false;
  let killedAt = Infinity;
  const timed = async (kind, fn) => {
    const start = performance.now();
    let ok = false;
    let status = 0;
    try {
      const r = await fn();
      status = r.status;
      ok = r.ok ?? r.status === 200;
      return r;
    } catch (err) {
      status = `error ${err.cause?.code ?? err.message}`;
      return { status: 0 };
    } finally {
      records.push({ kind, start, end: performance.now(), ok, status });
    }
  };

  const readLoop = async () => {
    while (!stop) {
      await timed('read', () =>
        api('/course/all/view/student/courses', { body: { pageNo: 0, pageSize: 10 } }),
      );
      const id = s.courseIds[Math.floor(Math.random() * s.courseIds.length)];
      await timed('read', () => api(`/course/singlecourse/${id}`, { token: s.students[0].token }));
    }
  };

  // Each purchase is a flow of four calls (charge, the sandbox's pay page, pay, confirm), paced so that the students
  // keep buying through the whole run and some flows are half done when A dies. A step cut off by the kill is sent
  // again, as a client would (up to 3 tries): a payment taken must still be delivered.
  const step = async (fn) => {
    let r;
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) await sleep(300);
      r = await timed('purchase', fn);
      r.attempts = attempt;
      if (r.ok ?? r.status === 200) break;
    }
    return r;
  };
  const buyLoop = async (student, courses) => {
    for (const courseId of courses) {
      if (stop) return;
      const flow = { student, courseId, start: performance.now(), retried: false };
      const end = (fields = {}) => purchases.push({ ...flow, ...fields, end: performance.now() });
      const counted = (r) => {
        if (r.attempts > 1) flow.retried = true;
        return r;
      };
      await sleep(PURCHASE_PACE_MS);
      const charge = counted(
        await step(() =>
          api('/card/charge', { token: student.token, body: { amount: 1500, courseIds: [courseId] } }),
        ),
      );
      const url = charge.body?.initializeTransactionResponse?.data?.authorization_url;
      const reference = charge.body?.initializeTransactionResponse?.data?.reference;
      if (!url) {
        end();
        continue;
      }
      await sleep(PURCHASE_PACE_MS);
      const page = counted(
        await step(async () => {
          const r = await fetch(url);
          return { status: r.status, html: await r.text() };
        }),
      );
      const action = /<form method="post" action="([^"]+)">[\s\S]*?>Pay[ <]/.exec(page.html ?? '')?.[1];
      if (!action) {
        end();
        continue;
      }
      await sleep(PURCHASE_PACE_MS);
      const paid = counted(
        await step(async () => {
          const r = await fetch(`${publicUrl}${action}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: '',
            redirect: 'manual',
          });
          return { status: r.status, ok: r.status === 303 };
        }),
      );
      if (!paid.ok) {
        end();
        continue;
      }
      const confirm = counted(
        await step(() =>
          api('/customertransaction/add', {
            token: student.token,
            body: { reference, transactionDtoList: [{ courseId }] },
          }),
        ),
      );
      end({ message: confirm.body?.responseDto?.message, status: confirm.status });
    }
  };

  // 3 MB at about 1.5 MB/s: each upload is in flight for about 2 s, so the kill catches some. Through nginx the
  // survivor may get it; one loop talks to A itself, so that at least one upload is surely cut off by the kill.
  const bytes = Buffer.concat([MP4_HEAD, Buffer.alloc(3 * 1024 * 1024, 9)]);
  const uploadLoop = async (target) => {
    while (!stop && !(target !== publicUrl && killedAt !== Infinity)) {
      const started = performance.now();
      const send = () => upload(target, s.tutorToken, 'video', bytes, 1.5 * 1024 * 1024);
      let r;
      if (target === publicUrl) r = await timed('upload', send);
      else r = await send().catch(() => ({ status: 0 }));
      uploads.push({ start: started, end: performance.now(), status: r.status, url: r.url });
    }
  };

  // Every student may buy every course: each starts at another place in the list, so the flows never run dry.
  const rotated = (i) => {
    const at = Math.floor((i * s.courseIds.length) / s.students.length);
    return [...s.courseIds.slice(at), ...s.courseIds.slice(0, at)];
  };
  const loops = [
    readLoop(),
    readLoop(),
    ...s.students.map((st, i) => buyLoop(st, rotated(i))),
    uploadLoop(publicUrl),
    uploadLoop(publicUrl),
    uploadLoop(instanceA),
  ];
  const t0 = performance.now();
  await sleep(killAt);
  const signalledAt = performance.now();
  killedAt = signalledAt; // the direct-to-A uploads stop here
  await onKill();
  // Requests still reach A until the kernel has torn it down; "after the kill" starts once it is gone.
  killedAt = performance.now();
  await sleep(LOAD_AFTER_KILL_MS);
  stop = true;
  await Promise.all(loops);
  return { records, purchases, uploads, t0, signalledAt, killedAt };
}
