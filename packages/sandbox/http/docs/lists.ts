// The description's section on lists at scale (issue 25 item 4): how a page is
// found (page=N or a cursor), what `total` is, and how the test clock bills a
// company with many subscriptions.
import { BILLING_CHUNK, BILLING_LANES } from '../../billing/engine.js';
import { UNIT_TARGET_MS } from '../../db/unit-size.js';
import { TOTAL_EXACT_MAX } from '../../schemas/list.js';

const exactMax = TOTAL_EXACT_MAX.toLocaleString('en');

export const LISTS_SECTION = `
## Lists at scale: pages, cursors and total

Every list (GET /v1/transaction, /v1/subscription, /v1/client, /v1/alert, /sandbox/v1/payables) is ordered by the sorted property (createdAt, or updatedAt for lastUpdate) and then by _id, in sort.direction, and read from an index on (companyId, that property, _id); the filters by client and by status have indexes that keep that order. Several companies (no companyId, a credential of several) are merged in that order.

- **range.start and range.end** bound the sorted property, both included, compared as instants (any offset). An end before the start holds no record and is refused, 400 on range.end (location query), on lists and exports alike: a swapped pair would otherwise read as "no records".
- **page=N** works as the reference says, for any N: the page's ids are found on the index alone (OFFSET over index entries), then their records. Its cost grows with N.
- **next_cursor**: every page that has_more also answers next_cursor, an opaque text. Passing it back as cursor, with the same query (limit, sort, range, filters, companyId), answers the next page by keyset: the records after the last one of the page before (in the order above), whatever N, at the cost of page 1. With a cursor, page is not read; the answer's page is the cursor's (the page before + 1). A cursor made for another query, or one the list did not give, is 400 on cursor (location query). A record created or removed meanwhile moves page=N's boundaries but not a cursor's: walking by cursor gives once each record whose sorted property does not change meanwhile.
- **total** is exact up to ${exactMax} matching records. Above ${exactMax} it is PostgreSQL's estimate of the query's rows (its planner statistics), never below ${TOTAL_EXACT_MAX + 1} nor below the records before and on the page: counting a million rows exactly would cost more than the page. total_pages is ceil(total / limit) from it; has_more is always exact (one record past the page is read).

The test clock bills, for each day it passes, only the company's live subscriptions that have something due that day (a renewal date reached, an open charge due, a deleted product, limitOverdueCharges reached), at most ${BILLING_CHUNK} to a database transaction (on PGlite, the embedded default with one connection, as many as take about ${UNIT_TARGET_MS} ms of CPU, so another request waits behind one short transaction), read under their row locks and written set-wise (a chunk's new charges, updates and events in one statement, its events in the order its moves made them); on PostgreSQL ${BILLING_LANES} such transactions run at once, a client's subscriptions always in the same one (their moves lock the client). Rows and events are those of the table in "Test clock: the automatic moves"; the days run in order, a subscription's moves in order, and the move's answer lists a day's moves subscription by subscription, oldest first. On PostgreSQL, events of one day of different subscriptions may be stored (and delivered) interleaved; all carry the day's time.
`;
