/**
 * The spec's answers to writes (its database's words: insertedId, deletedCount, modifiedCount), made at the API edge
 * only. Services and queries answer ids and counts; the routes put them in these shapes (decision 042).
 */
export const inserted = (id: string) => ({ insertedId: id });
export const deleted = (count: number) => ({ deletedCount: count });
export const modified = (count: number) => ({ modifiedCount: count });
