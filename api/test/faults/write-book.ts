import { randomInt, randomUUID } from 'node:crypto';
import {
  arrivalBody,
  type Customer,
  curbsideOrderBody,
  registerCustomer,
  testCard,
} from './customers.ts';

/**
 * The client side of the kill -9 test: it sends wallet top-ups, card-paid orders and curbside
 * arrivals, and books every request as acknowledged (the server answered 201), unknown (the
 * connection died first) or refused. After each restart it retries the unknown ones as a real
 * client would (the same Idempotency-Key) and checks what the server kept.
 */

type Outcome = 'acknowledged' | 'unknown';

interface TopUp {
  key: string;
  amountCents: number;
  outcome: Outcome;
  entryId?: string;
}

interface Order {
  key: string;
  /** The request body, kept: a retry under the same key must send the same body. */
  body: ReturnType<typeof curbsideOrderBody>;
  outcome: Outcome;
  id?: string;
  orderNumber?: string;
  /** The curbside arrival sent for it, once; `checked` once it was read back after a restart. */
  arrival?: { outcome: Outcome | 'present'; pickupId?: string; checked?: boolean };
}

interface Book {
  customer: Customer;
  topUps: Map<string, TopUp>;
  orders: Map<string, Order>;
  /** Estimated top to keep clear of the wallet's cap. */
  creditedCents: number;
  /** A write was sent for this customer since their last check. */
  written: boolean;
}

/**
 * `full` reads back everything ever written. `changed` reads only the customers written to since
 * their last check, and of their arrivals only the new ones: a long run's check would otherwise
 * grow with every cycle until it, not the crash, is what the run measures.
 */
export type CheckScope = 'full' | 'changed';

export interface CheckResult {
  acknowledged: number;
  lost: string[];
  mismatched: string[];
}

const WALLET_CAP_MARGIN_CENTS = 150_000;
/**
 * On PostgreSQL a key whose process died stays held until its lock lapses (a minute); the server
 * keeps such a retry waiting, so it is given up here and sent again after the next restart.
 */
const RETRY_MS = 3_000;
const ARRIVAL_READS_AT_ONCE = 8;

export class WriteBook {
  readonly books: Book[] = [];
  /** Answers that are neither 201 nor a dropped connection: each is a failure to report. */
  readonly unexpected: string[] = [];
  /** 201s received since the last `run` started. */
  acknowledgedInRun = 0;

  constructor(private readonly customersWanted: number) {}

  /** Registers customers until there are enough with room in their wallets. */
  async ensureCustomers(baseUrl: string): Promise<void> {
    const active = this.books.filter((book) => book.creditedCents < WALLET_CAP_MARGIN_CENTS);
    for (let i = active.length; i < this.customersWanted; i += 1) {
      const customer = await registerCustomer(baseUrl);
      this.books.push({
        customer,
        topUps: new Map(),
        orders: new Map(),
        creditedCents: 0,
        written: true,
      });
    }
  }

  private pickBook(): Book {
    const active = this.books.filter((book) => book.creditedCents < WALLET_CAP_MARGIN_CENTS);
    const pool = active.length > 0 ? active : this.books;
    const book = pool[randomInt(0, pool.length)];
    if (!book) throw new Error('no customers');
    return book;
  }

  /** Sends writes from `workers` loops until `stop` says so; connection errors end nothing. */
  async run(baseUrl: string, workers: number, stop: () => boolean): Promise<void> {
    this.acknowledgedInRun = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (!stop()) {
          const roll = randomInt(0, 10);
          const book = this.pickBook();
          book.written = true;
          if (roll < 4) await this.topUp(baseUrl, book, this.newTopUp(book));
          else if (roll < 8) await this.order(baseUrl, book, this.newOrder(book));
          else await this.arrive(baseUrl, book);
        }
      }),
    );
  }

  private newTopUp(book: Book): TopUp {
    // 500 cents is the least a top-up may be; a spread of amounts makes a wrong sum visible.
    const topUp: TopUp = {
      key: randomUUID(),
      amountCents: 500 + randomInt(0, 500),
      outcome: 'unknown',
    };
    book.topUps.set(topUp.key, topUp);
    book.creditedCents += topUp.amountCents;
    return topUp;
  }

  private newOrder(book: Book): Order {
    const key = randomUUID();
    const order: Order = {
      key,
      body: curbsideOrderBody(`FS-${key.slice(0, 8)}`),
      outcome: 'unknown',
    };
    book.orders.set(order.key, order);
    return order;
  }

  private async send(
    baseUrl: string,
    book: Book,
    path: string,
    body: unknown,
    key?: string,
    timeoutMs = 30_000,
  ): Promise<{ status: number; body: unknown } | undefined> {
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          ...book.customer.headers,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    } catch {
      // The server died with the request in flight (or a retry waits on a dead process's key):
      // nobody knows yet whether it was written.
      return undefined;
    }
  }

  private async topUp(
    baseUrl: string,
    book: Book,
    topUp: TopUp,
    timeoutMs?: number,
  ): Promise<void> {
    const body = { amountCents: topUp.amountCents, payment: testCard() };
    const answer = await this.send(
      baseUrl,
      book,
      '/api/wallet/top-ups',
      body,
      topUp.key,
      timeoutMs,
    );
    if (!answer) return;
    if (answer.status === 201) {
      topUp.outcome = 'acknowledged';
      this.acknowledgedInRun += 1;
      topUp.entryId = (answer.body as { entry: { id: string } }).entry.id;
    } else if (!isStillRunning(answer)) {
      this.unexpected.push(`top-up ${topUp.key}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }

  private async order(
    baseUrl: string,
    book: Book,
    order: Order,
    timeoutMs?: number,
  ): Promise<void> {
    const answer = await this.send(
      baseUrl,
      book,
      '/api/order-pickups',
      order.body,
      order.key,
      timeoutMs,
    );
    if (!answer) return;
    if (answer.status === 201) {
      const created = answer.body as { id: string; orderNumber: string };
      order.outcome = 'acknowledged';
      this.acknowledgedInRun += 1;
      order.id = created.id;
      order.orderNumber = created.orderNumber;
    } else if (!isStillRunning(answer)) {
      this.unexpected.push(`order ${order.key}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }

  /** The customer arrives for one of their acknowledged orders that has no arrival yet. */
  private async arrive(baseUrl: string, book: Book, retry?: Order): Promise<void> {
    const order =
      retry ?? [...book.orders.values()].find((o) => o.outcome === 'acknowledged' && !o.arrival);
    if (!order?.orderNumber) return;
    const arrival = order.arrival ?? { outcome: 'unknown' as const };
    order.arrival = arrival;
    const answer = await this.send(
      baseUrl,
      book,
      '/api/curbside-pickups',
      arrivalBody(order.orderNumber),
    );
    if (!answer) return;
    if (answer.status === 201) {
      arrival.outcome = 'acknowledged';
      this.acknowledgedInRun += 1;
      arrival.pickupId = (answer.body as { id: string }).id;
    } else if (
      retry &&
      answer.status === 409 &&
      /already in progress/.test(String((answer.body as { message?: string }).message))
    ) {
      // The arrival before the crash was written: the retry finds it and writes no second one.
      arrival.outcome = 'present';
    } else {
      this.unexpected.push(
        `arrival ${order.orderNumber}: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
    }
  }

  /** Retries every request whose answer was lost, with its own key; some may still be held. */
  async retryUnknown(baseUrl: string): Promise<void> {
    const work: Promise<void>[] = [];
    for (const book of this.books) {
      const before = work.length;
      for (const topUp of book.topUps.values()) {
        if (topUp.outcome === 'unknown') work.push(this.topUp(baseUrl, book, topUp, RETRY_MS));
      }
      for (const order of book.orders.values()) {
        if (order.outcome === 'unknown') work.push(this.order(baseUrl, book, order, RETRY_MS));
        else if (order.arrival?.outcome === 'unknown') work.push(this.arrive(baseUrl, book, order));
      }
      if (work.length > before) book.written = true;
    }
    await Promise.all(work);
  }

  get pendingRetries(): number {
    let pending = 0;
    for (const book of this.books) {
      for (const topUp of book.topUps.values()) if (topUp.outcome === 'unknown') pending += 1;
      for (const order of book.orders.values()) {
        if (order.outcome === 'unknown') pending += 1;
        if (order.arrival?.outcome === 'unknown') pending += 1;
      }
    }
    return pending;
  }

  /** Reads back customers' wallets, ledgers, orders and arrivals through the API. */
  async check(baseUrl: string, scope: CheckScope = 'full'): Promise<CheckResult> {
    const result: CheckResult = { acknowledged: 0, lost: [], mismatched: [] };
    for (const book of this.books) {
      if (scope === 'changed' && !book.written) continue;
      // Cleared before the reads: a write sent while they run marks the customer again.
      book.written = false;
      await this.checkBook(baseUrl, book, result, scope);
    }
    return result;
  }

  private async checkBook(
    baseUrl: string,
    book: Book,
    result: CheckResult,
    scope: CheckScope,
  ): Promise<void> {
    const get = async <T>(path: string): Promise<T> => {
      const response = await readOnce(`${baseUrl}${path}`, book.customer.headers);
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const who = book.customer.username;

    // The ledger, all of it, newest first, and the balance. A retry the client gave up on may
    // still be finishing on the server: read again until two readings agree.
    type Entry = { id: string; kind: string; amountCents: number; balanceAfterCents: number };
    const readLedger = async () => {
      const entries: Entry[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await get<{ entries: Entry[]; total: number }>(
          `/api/wallet/entries?pageSize=50&page=${page}`,
        );
        entries.push(...answer.entries);
        if (answer.entries.length === 0 || entries.length >= answer.total) break;
      }
      const { balanceCents } = await get<{ balanceCents: number }>('/api/wallet');
      return { entries, balanceCents, key: `${entries.map((e) => e.id).join()}:${balanceCents}` };
    };
    let reading = await readLedger();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const again = await readLedger();
      if (again.key === reading.key) break;
      reading = again;
    }
    const { entries, balanceCents } = reading;
    const sum = entries.reduce((total, entry) => total + entry.amountCents, 0);
    if (sum !== balanceCents) {
      result.mismatched.push(`${who}: balance ${balanceCents} but the ledger adds up to ${sum}`);
    }
    for (let i = 0; i < entries.length; i += 1) {
      const entry = entries[i];
      const before = entries[i + 1]?.balanceAfterCents ?? 0;
      if (entry && entry.balanceAfterCents !== before + entry.amountCents) {
        result.mismatched.push(
          `${who}: entry ${entry.id} says ${entry.balanceAfterCents} after ${before} + ${entry.amountCents}`,
        );
      }
    }
    const seen = new Map<string, number>();
    for (const entry of entries) seen.set(entry.id, (seen.get(entry.id) ?? 0) + 1);
    const topUps = [...book.topUps.values()];
    const acknowledgedTopUps = topUps.filter((t) => t.outcome === 'acknowledged');
    for (const topUp of acknowledgedTopUps) {
      result.acknowledged += 1;
      const count = topUp.entryId ? (seen.get(topUp.entryId) ?? 0) : 0;
      if (count === 0) result.lost.push(`${who}: top-up ${topUp.key} (entry ${topUp.entryId})`);
      if (count > 1)
        result.mismatched.push(`${who}: top-up entry ${topUp.entryId} listed ${count} times`);
    }
    const topUpEntries = entries.filter((entry) => entry.kind === 'top_up').length;
    const unknownTopUps = topUps.length - acknowledgedTopUps.length;
    if (topUpEntries > topUps.length || topUpEntries > acknowledgedTopUps.length + unknownTopUps) {
      result.mismatched.push(
        `${who}: ${topUpEntries} top-up entries for ${topUps.length} top-ups sent (${acknowledgedTopUps.length} acknowledged): one was written twice`,
      );
    }

    // Orders: each acknowledged one present once; never more orders than requests.
    const listed = await get<Array<{ id: string; orderNumber: string }>>('/api/order-pickups');
    const orders = [...book.orders.values()];
    const listedIds = new Map<string, number>();
    for (const order of listed) listedIds.set(order.id, (listedIds.get(order.id) ?? 0) + 1);
    for (const order of orders.filter((o) => o.outcome === 'acknowledged')) {
      result.acknowledged += 1;
      const count = order.id ? (listedIds.get(order.id) ?? 0) : 0;
      if (count === 0) result.lost.push(`${who}: order ${order.orderNumber} (${order.id})`);
      if (count > 1) result.mismatched.push(`${who}: order ${order.id} listed ${count} times`);
    }
    if (listed.length > orders.length) {
      result.mismatched.push(
        `${who}: ${listed.length} orders for ${orders.length} order requests: one was written twice`,
      );
    }

    // Arrivals: each acknowledged pickup readable, for the order it was sent for. Read several
    // at a time: one by one, the reads of a long run grew to minutes a cycle.
    const arrived = orders.filter(
      (order) =>
        order.arrival?.outcome === 'acknowledged' && (scope === 'full' || !order.arrival.checked),
    );
    for (let start = 0; start < arrived.length; start += ARRIVAL_READS_AT_ONCE) {
      const batch = arrived.slice(start, start + ARRIVAL_READS_AT_ONCE);
      await Promise.all(batch.map((order) => this.checkArrival(baseUrl, book, order, result)));
    }
  }

  private async checkArrival(
    baseUrl: string,
    book: Book,
    order: Order,
    result: CheckResult,
  ): Promise<void> {
    const who = book.customer.username;
    const pickupId = order.arrival?.pickupId;
    if (order.arrival) order.arrival.checked = true;
    result.acknowledged += 1;
    const response = await readOnce(`${baseUrl}/api/curbside-pickups/${pickupId}`, {
      ...book.customer.headers,
    });
    if (response.status === 404) {
      result.lost.push(`${who}: curbside arrival ${pickupId} for ${order.orderNumber}`);
      return;
    }
    const pickup = (await response.json()) as { orderNumber?: string };
    if (pickup.orderNumber !== order.orderNumber) {
      result.mismatched.push(
        `${who}: pickup ${pickupId} is for ${pickup.orderNumber}, not ${order.orderNumber}`,
      );
    }
  }
}

function isStillRunning(answer: { status: number; body: unknown }): boolean {
  // The key's earlier request is still held by a process that died: the retry comes back later.
  return (
    answer.status === 409 &&
    /still being processed/.test(String((answer.body as { message?: string })?.message))
  );
}

/**
 * A read of the check, sent again when its connection drops before an answer: a reused
 * keep-alive connection can be reset under the client on a busy machine, and a read changes
 * nothing. A server that really died fails the second try too, and the cycle reports it.
 */
async function readOnce(url: string, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return fetch(url, { headers });
  }
}
