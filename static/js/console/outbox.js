// The tablet's own storage (IndexedDB): the outbox of entries not yet recorded by the bank,
// in the order they were made, and the last state the bank showed (for opening offline).
//
// An outbox item: {n, table, id, url, body, label, made_at, status, error}
//   n        its place in the queue (IndexedDB numbers them in order)
//   id       the entry's UUID, made before the first send and kept for every retry
//   status   "pending" (waits or is being sent), "refused" (the bank said no: the queue holds
//            until the banker discards it) or "blocked" (the round takes no entries now)

const DB_NAME = "monopoly-night-console";
const VERSION = 1;
let opening = null;

function db() {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const base = request.result;
      const outbox = base.createObjectStore("outbox", { keyPath: "n", autoIncrement: true });
      outbox.createIndex("table", "table");
      base.createObjectStore("snapshots", { keyPath: "table" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opening;
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function store(name) {
  return (await db()).transaction(name, "readonly").objectStore(name);
}

/** Run one write and resolve with its result once the transaction is committed. */
async function write(name, action) {
  const tx = (await db()).transaction(name, "readwrite");
  const request = action(tx.objectStore(name));
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** Every waiting item of a table, oldest first. */
export async function items(table) {
  const found = await done((await store("outbox")).index("table").getAll(table));
  return found.sort((a, b) => a.n - b.n);
}

/** Queue an item; it is on disk when this resolves. */
export async function add(item) {
  const record = { status: "pending", error: null, made_at: Date.now(), ...item };
  record.n = await write("outbox", (outbox) => outbox.add(record));
  return record;
}

/** Save an item's new status, unless it was discarded meanwhile (never bring it back). */
export async function update(item) {
  await write("outbox", (outbox) => {
    const found = outbox.get(item.n);
    found.onsuccess = () => {
      if (found.result) outbox.put(item);
    };
    return found;
  });
}

export async function remove(n) {
  await write("outbox", (outbox) => outbox.delete(n));
}

export async function saveSnapshot(table, snapshot) {
  await write("snapshots", (snapshots) => snapshots.put({ table, saved_at: Date.now(), ...snapshot }));
}

export async function loadSnapshot(table) {
  return (await done((await store("snapshots")).get(table))) || null;
}
