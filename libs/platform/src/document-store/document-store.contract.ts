import { DuplicateKeyError, type Collection, type DocumentStore } from './document-store';

/** What every DocumentStore adapter must do; each adapter's spec runs this suite. */
export function describeDocumentStoreContract(name: string, factory: () => Promise<{ store: DocumentStore; dispose: () => Promise<void> }>): void {
  interface Book {
    book_id: number;
    title: string;
    tags: string[];
    pages?: number;
    author?: string | null;
    isbn?: string;
  }

  const books: Book[] = [
    { book_id: 1, title: 'Alpha', tags: ['api', 'rest'], pages: 10, author: 'ann' },
    { book_id: 2, title: 'beta', tags: ['db'], pages: 20, author: null },
    { book_id: 3, title: 'Gamma', tags: [], pages: 30 },
    { book_id: 4, title: 'Delta', tags: ['api'], pages: 40, author: 'bob' },
    { book_id: 5, title: 'Epsilon', tags: ['rest', 'db'], author: 'ann' },
  ];

  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    let dispose: () => Promise<void>;
    let sut: Collection<Book>;

    beforeEach(async () => {
      ({ store, dispose } = await factory());
      sut = store.collection<Book>('books');
    });

    afterEach(async () => {
      await dispose();
    });

    const ids = (docs: Book[]) => docs.map((doc) => doc.book_id).sort((a, b) => a - b);
    const seed = () => sut.insertMany(books.map((book) => ({ ...book, tags: [...book.tags] })));
    const all = async () => ids(await sut.find({}));

    describe('insert and read', () => {
      it('returns and stores the document without the internal _id', async () => {
        const input = { book_id: 7, title: 'Seven', tags: ['x'], pages: undefined };
        const inserted = await sut.insertOne(input);

        expect(inserted).toEqual({ book_id: 7, title: 'Seven', tags: ['x'] });
        expect(inserted).not.toHaveProperty('_id');
        expect(input).not.toHaveProperty('_id');
        const found = await sut.findOne({ book_id: 7 });
        expect(found).toEqual({ book_id: 7, title: 'Seven', tags: ['x'] });
        expect(Object.keys(found ?? {})).not.toContain('pages');
      });

      it('inserts many and finds them all', async () => {
        const inserted = await seed();

        expect(inserted).toHaveLength(5);
        inserted.forEach((doc) => expect(doc).not.toHaveProperty('_id'));
        expect(await all()).toEqual([1, 2, 3, 4, 5]);
        expect(await sut.insertMany([])).toEqual([]);
      });

      it('returns null when nothing matches findOne', async () => {
        await seed();
        expect(await sut.findOne({ book_id: 99 })).toBeNull();
      });

      it('keeps collections apart', async () => {
        await seed();
        const other = store.collection<Book>('other_books');
        await other.insertOne({ book_id: 100, title: 'Elsewhere', tags: [] });

        expect(await sut.count({})).toBe(5);
        expect(ids(await other.find({}))).toEqual([100]);
      });

      it('rejects a filter compared with undefined instead of matching everything', async () => {
        await seed();
        const missing: number | undefined = undefined;
        await expect(sut.find({ book_id: missing })).rejects.toThrow(TypeError);
        await expect(sut.deleteMany({ pages: { $gt: missing } })).rejects.toThrow(TypeError);
        expect(await sut.count({})).toBe(5);
      });
    });

    describe('filters', () => {
      beforeEach(seed);

      it('matches equality on a scalar field', async () => {
        expect(ids(await sut.find({ author: 'ann' }))).toEqual([1, 5]);
        expect(ids(await sut.find({ author: 'ann', pages: 10 }))).toEqual([1]);
      });

      it('matches an array field that contains the value', async () => {
        expect(ids(await sut.find({ tags: 'api' }))).toEqual([1, 4]);
      });

      it('matches null against null and missing fields', async () => {
        expect(ids(await sut.find({ author: null }))).toEqual([2, 3]);
        expect(ids(await sut.find({ pages: null }))).toEqual([5]);
      });

      it('supports $in and $nin, also on array fields', async () => {
        expect(ids(await sut.find({ book_id: { $in: [2, 4, 99] } }))).toEqual([2, 4]);
        expect(ids(await sut.find({ tags: { $in: ['db', 'none'] } }))).toEqual([2, 5]);
        expect(ids(await sut.find({ author: { $in: ['bob', null] } }))).toEqual([2, 3, 4]);
        expect(ids(await sut.find({ book_id: { $in: [] } }))).toEqual([]);
        expect(ids(await sut.find({ book_id: { $nin: [1, 2] } }))).toEqual([3, 4, 5]);
        expect(ids(await sut.find({ tags: { $nin: ['api'] } }))).toEqual([2, 3, 5]);
        expect(ids(await sut.find({ author: { $nin: ['ann', null] } }))).toEqual([4]);
      });

      it('supports $ne, where missing counts as null and an array must not contain the value', async () => {
        expect(ids(await sut.find({ author: { $ne: 'ann' } }))).toEqual([2, 3, 4]);
        expect(ids(await sut.find({ author: { $ne: null } }))).toEqual([1, 4, 5]);
        expect(ids(await sut.find({ tags: { $ne: 'rest' } }))).toEqual([2, 3, 4]);
      });

      it('supports $gt, $gte, $lt, $lte and combined bounds', async () => {
        expect(ids(await sut.find({ pages: { $gt: 20 } }))).toEqual([3, 4]);
        expect(ids(await sut.find({ pages: { $gte: 20 } }))).toEqual([2, 3, 4]);
        expect(ids(await sut.find({ pages: { $lt: 20 } }))).toEqual([1]);
        expect(ids(await sut.find({ pages: { $lte: 20 } }))).toEqual([1, 2]);
        expect(ids(await sut.find({ pages: { $gte: 20, $lt: 40 } }))).toEqual([2, 3]);
        expect(ids(await sut.find({ title: { $gt: 'D', $lt: 'a' } }))).toEqual([3, 4, 5]);
        expect(ids(await sut.find({ pages: { $gt: 10, $ne: 30 } }))).toEqual([2, 4]);
      });

      it('supports $regex with flags', async () => {
        expect(ids(await sut.find({ title: { $regex: /^[a-d]/ } }))).toEqual([2]);
        expect(ids(await sut.find({ title: { $regex: /^[a-d]/i } }))).toEqual([1, 2, 4]);
        expect(ids(await sut.find({ title: { $regex: /lt/ } }))).toEqual([4]);
      });

      it('supports $exists, where an empty array exists', async () => {
        expect(ids(await sut.find({ pages: { $exists: true } }))).toEqual([1, 2, 3, 4]);
        expect(ids(await sut.find({ pages: { $exists: false } }))).toEqual([5]);
        expect(ids(await sut.find({ author: { $exists: true } }))).toEqual([1, 2, 4, 5]);
        expect(ids(await sut.find({ tags: { $exists: true } }))).toEqual([1, 2, 3, 4, 5]);
        expect(ids(await sut.find({ tags: { $exists: false } }))).toEqual([]);
      });

      it('supports $or, alone and beside other fields', async () => {
        expect(ids(await sut.find({ $or: [{ book_id: 1 }, { tags: 'db' }] }))).toEqual([1, 2, 5]);
        expect(ids(await sut.find({ author: 'ann', $or: [{ pages: { $gt: 5 } }, { tags: 'db' }] }))).toEqual([1, 5]);
        expect(ids(await sut.find({ $or: [{ author: null }, { pages: { $gte: 40 } }] }))).toEqual([2, 3, 4]);
        expect(ids(await sut.find({ $or: [] }))).toEqual([]);
      });
    });

    describe('sort, skip, limit and fields', () => {
      beforeEach(seed);

      it('sorts ascending and descending, on several keys', async () => {
        expect((await sut.find({}, { sort: { pages: -1 } })).map((b) => b.book_id)).toEqual([4, 3, 2, 1, 5]);
        expect((await sut.find({}, { sort: { book_id: 1 } })).map((b) => b.book_id)).toEqual([1, 2, 3, 4, 5]);
        const byAuthor = await sut.find({ author: { $in: ['ann', 'bob'] } }, { sort: { author: 1, book_id: -1 } });
        expect(byAuthor.map((b) => b.book_id)).toEqual([5, 1, 4]);
      });

      it('skips and limits after sorting', async () => {
        const page = await sut.find({}, { sort: { book_id: 1 }, skip: 1, limit: 2 });
        expect(page.map((b) => b.book_id)).toEqual([2, 3]);
        const last = await sut.find({}, { sort: { book_id: 1 }, skip: 4, limit: 10 });
        expect(last.map((b) => b.book_id)).toEqual([5]);
        expect(await sut.find({}, { sort: { book_id: 1 }, skip: 10 })).toEqual([]);
      });

      it('returns only the requested fields', async () => {
        const found = await sut.find({ book_id: { $lte: 3 } }, { sort: { book_id: 1 }, fields: ['book_id', 'author'] });
        expect(found).toEqual([{ book_id: 1, author: 'ann' }, { book_id: 2, author: null }, { book_id: 3 }]);
      });

      it('findOne honours sort and fields', async () => {
        expect(await sut.findOne({ tags: 'api' }, { sort: { pages: -1 }, fields: ['title'] })).toEqual({ title: 'Delta' });
        expect(await sut.findOne({ tags: 'api' }, { sort: { pages: 1 } })).toEqual(books[0]);
      });
    });

    describe('count', () => {
      it('counts matching documents', async () => {
        expect(await sut.count({})).toBe(0);
        await seed();
        expect(await sut.count({})).toBe(5);
        expect(await sut.count({ tags: 'db' })).toBe(2);
        expect(await sut.count({ pages: { $gt: 100 } })).toBe(0);
      });
    });

    describe('updates', () => {
      beforeEach(seed);

      it('updateOne changes only the first match with $set and reports the match', async () => {
        expect(await sut.updateOne({ author: 'ann' }, { $set: { title: 'Changed' } })).toBe(1);
        expect(await sut.count({ title: 'Changed' })).toBe(1);
        expect(await sut.updateOne({ book_id: 99 }, { $set: { title: 'Nope' } })).toBe(0);
        expect(await sut.count({ title: 'Nope' })).toBe(0);
      });

      it('updateMany changes every match', async () => {
        expect(await sut.updateMany({ tags: 'api' }, { $set: { author: 'team' } })).toBe(2);
        expect(ids(await sut.find({ author: 'team' }))).toEqual([1, 4]);
        expect(await sut.updateMany({ book_id: 99 }, { $set: { author: 'x' } })).toBe(0);
      });

      it('$set adds new fields and leaves undefined ones alone', async () => {
        await sut.updateOne({ book_id: 5 }, { $set: { pages: 50, isbn: '978', author: undefined } });
        expect(await sut.findOne({ book_id: 5 })).toEqual({ ...books[4], pages: 50, isbn: '978' });
      });

      it('an update with nothing to change leaves the document as it was', async () => {
        expect(await sut.updateOne({ book_id: 1 }, { $set: {} })).toBe(1);
        expect(await sut.updateOne({ book_id: 1 }, {})).toBe(1);
        expect(await sut.findOne({ book_id: 1 })).toEqual(books[0]);
      });

      it('$unset removes fields', async () => {
        await sut.updateOne({ book_id: 1 }, { $unset: { author: true, pages: true } });
        const found = await sut.findOne({ book_id: 1 });
        expect(found).toEqual({ book_id: 1, title: 'Alpha', tags: ['api', 'rest'] });
        expect(await sut.count({ author: { $exists: false } })).toBe(2);
      });

      it('$inc adds to numbers and starts missing fields from zero', async () => {
        await sut.updateOne({ book_id: 1 }, { $inc: { pages: 5 } });
        await sut.updateOne({ book_id: 1 }, { $inc: { pages: -2 } });
        await sut.updateOne({ book_id: 5 }, { $inc: { pages: 3 } });
        expect((await sut.findOne({ book_id: 1 }))?.pages).toBe(13);
        expect((await sut.findOne({ book_id: 5 }))?.pages).toBe(3);
      });

      it('$push appends to an array', async () => {
        await sut.updateOne({ book_id: 3 }, { $push: { tags: 'new' } });
        await sut.updateOne({ book_id: 3 }, { $push: { tags: 'newer' } });
        expect((await sut.findOne({ book_id: 3 }))?.tags).toEqual(['new', 'newer']);
      });

      it('$pull removes a value or the values matching a condition', async () => {
        await sut.updateOne({ book_id: 1 }, { $pull: { tags: 'api' } });
        expect((await sut.findOne({ book_id: 1 }))?.tags).toEqual(['rest']);
        expect(await sut.updateMany({ tags: { $in: ['rest', 'db'] } }, { $pull: { tags: { $in: ['rest', 'db'] } } })).toBe(3);
        expect(await sut.count({ tags: { $in: ['rest', 'db'] } })).toBe(0);
        expect((await sut.findOne({ book_id: 5 }))?.tags).toEqual([]);
      });

      it('applies several operators in one update', async () => {
        await sut.updateOne({ book_id: 4 }, { $set: { title: 'Delta 2' }, $inc: { pages: 1 }, $push: { tags: 'v2' }, $unset: { author: true } });
        expect(await sut.findOne({ book_id: 4 })).toEqual({ book_id: 4, title: 'Delta 2', tags: ['api', 'v2'], pages: 41 });
      });

      it('findOneAndUpdate returns the document after the update, or null', async () => {
        const updated = await sut.findOneAndUpdate({ book_id: 2 }, { $inc: { pages: 1 }, $set: { title: 'Beta' } });
        expect(updated).toEqual({ ...books[1], pages: 21, title: 'Beta' });
        expect(updated).not.toHaveProperty('_id');
        expect(await sut.findOne({ book_id: 2 })).toEqual(updated);
        expect(await sut.findOneAndUpdate({ book_id: 99 }, { $set: { title: 'x' } })).toBeNull();
      });
    });

    describe('deletes', () => {
      beforeEach(seed);

      it('deleteOne removes one match and reports it', async () => {
        expect(await sut.deleteOne({ author: 'ann' })).toBe(1);
        expect(await sut.count({ author: 'ann' })).toBe(1);
        expect(await sut.deleteOne({ book_id: 99 })).toBe(0);
        expect(await sut.count({})).toBe(4);
      });

      it('deleteMany removes every match', async () => {
        expect(await sut.deleteMany({ tags: { $in: ['api', 'db'] } })).toBe(4);
        expect(await all()).toEqual([3]);
        expect(await sut.deleteMany({})).toBe(1);
        expect(await sut.count({})).toBe(0);
      });
    });

    describe('unique indexes', () => {
      it('rejects a duplicate insert with DuplicateKeyError and writes nothing', async () => {
        await sut.ensureIndex({ field: 'book_id', unique: true });
        await sut.ensureIndex({ field: 'book_id', unique: true });
        await seed();

        const error = await sut.insertOne({ book_id: 3, title: 'Impostor', tags: [] }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).collection).toBe('books');
        expect(await sut.count({ book_id: 3 })).toBe(1);
        expect(await sut.count({ title: 'Impostor' })).toBe(0);
      });

      it('rejects an update that would duplicate a key and leaves the document unchanged', async () => {
        await seed();
        await sut.ensureIndex({ field: 'book_id', unique: true });

        await expect(sut.updateOne({ book_id: 1 }, { $set: { book_id: 2, title: 'Moved' } })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(sut.findOneAndUpdate({ book_id: 1 }, { $inc: { book_id: 1 } })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await sut.findOne({ book_id: 1 })).toEqual(books[0]);
        expect(await sut.count({ title: 'Moved' })).toBe(0);
      });

      it('rejects insertMany with a duplicate inside the batch', async () => {
        await sut.ensureIndex({ field: 'book_id', unique: true });
        await expect(
          sut.insertMany([
            { book_id: 10, title: 'a', tags: [] },
            { book_id: 10, title: 'b', tags: [] },
          ]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await sut.count({ title: 'b' })).toBe(0);
      });

      it('a sparse unique index ignores documents without the field', async () => {
        await sut.ensureIndex({ field: 'isbn', unique: true, sparse: true });
        await seed();
        await sut.insertOne({ book_id: 6, title: 'With isbn', tags: [], isbn: '978-1' });

        await expect(sut.insertOne({ book_id: 7, title: 'Same isbn', tags: [], isbn: '978-1' })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await sut.count({})).toBe(6);
      });

      it('refuses a unique index over duplicates already stored, and creates none', async () => {
        await seed();

        await expect(sut.ensureIndex({ field: 'author', unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
        await sut.insertOne({ book_id: 6, title: 'Third by ann', tags: [], author: 'ann' });
        expect(ids(await sut.find({ author: 'ann' }))).toEqual([1, 5, 6]);
      });

      it('a non-unique index still finds every match', async () => {
        await sut.ensureIndex({ field: 'author' });
        await seed();
        expect(ids(await sut.find({ author: 'ann' }))).toEqual([1, 5]);
        expect(ids(await sut.find({ author: { $in: ['bob', 'ann'] } }))).toEqual([1, 4, 5]);
      });
    });

    describe('nextId', () => {
      it('counts each sequence from 1', async () => {
        expect(await store.nextId('item')).toBe(1);
        expect(await store.nextId('item')).toBe(2);
        expect(await store.nextId('page')).toBe(1);
        expect(await store.nextId('item')).toBe(3);
      });

      it('gives 20 concurrent callers the unique ids 1..20', async () => {
        const got = await Promise.all(Array.from({ length: 20 }, () => store.nextId('concurrent')));
        expect([...got].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      });
    });

    describe('transaction', () => {
      interface Loan {
        book_id: number;
        reader: string;
      }
      let loans: Collection<Loan>;
      const boom = new Error('boom');

      beforeEach(async () => {
        loans = store.collection<Loan>('loans');
        await sut.ensureIndex({ field: 'book_id', unique: true });
        await seed();
      });

      /** Lends book 1 and 2, renames 3 and removes 4 and 5, across two collections. */
      const lendAndTidy = async () => {
        await loans.insertOne({ book_id: 1, reader: 'ann' });
        await loans.insertMany([{ book_id: 2, reader: 'bob' }]);
        await sut.updateOne({ book_id: 3 }, { $set: { title: 'Gamma 2' } });
        await sut.updateMany({ book_id: { $in: [1, 2] } }, { $push: { tags: 'lent' } });
        await sut.deleteOne({ book_id: 4 });
        await sut.deleteMany({ book_id: 5 });
      };

      it('keeps every write of a unit that resolves, across collections, and returns its value', async () => {
        const value = await store.transaction(async () => {
          await lendAndTidy();
          return 'done';
        });

        expect(value).toBe('done');
        expect(await loans.find({}, { sort: { book_id: 1 } })).toEqual([
          { book_id: 1, reader: 'ann' },
          { book_id: 2, reader: 'bob' },
        ]);
        expect(await all()).toEqual([1, 2, 3]);
        expect((await sut.findOne({ book_id: 3 }))?.title).toBe('Gamma 2');
        expect(await sut.count({ tags: 'lent' })).toBe(2);
      });

      it('keeps none of the writes of a unit that rejects, and passes its error on', async () => {
        const before = await sut.find({}, { sort: { book_id: 1 } });

        const unit = store.transaction(async () => {
          await lendAndTidy();
          throw boom;
        });

        await expect(unit).rejects.toBe(boom);

        expect(await loans.count({})).toBe(0);
        expect(await sut.find({}, { sort: { book_id: 1 } })).toEqual(before);
        await expect(sut.insertOne({ book_id: 4, title: 'Still there', tags: [] })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('keeps none of its writes when a later write of the unit breaks a unique index', async () => {
        const clash = store.transaction(async () => {
          await loans.insertOne({ book_id: 1, reader: 'ann' });
          await sut.updateOne({ book_id: 1 }, { $set: { title: 'Lent' } });
          await sut.insertOne({ book_id: 2, title: 'Clash', tags: [] });
        });

        await expect(clash).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await loans.count({})).toBe(0);
        expect(await sut.findOne({ book_id: 1 })).toEqual(books[0]);
      });

      it('sees its own writes inside the unit', async () => {
        const seen = await store.transaction(async () => {
          await loans.insertOne({ book_id: 1, reader: 'ann' });
          await sut.updateOne({ book_id: 1 }, { $set: { title: 'Lent' } });
          await sut.deleteOne({ book_id: 2 });
          return {
            loan: await loans.findOne({ book_id: 1 }),
            title: (await sut.findOne({ book_id: 1 }))?.title,
            books: await all(),
            count: await sut.count({}),
          };
        });

        expect(seen).toEqual({ loan: { book_id: 1, reader: 'ann' }, title: 'Lent', books: [1, 3, 4, 5], count: 4 });
      });

      it('neither loses nor rolls back a write made outside the unit while it runs', async () => {
        let wrote!: () => void;
        let finish!: () => void;
        const unitWrote = new Promise<void>((resolve) => (wrote = resolve));
        const finishUnit = new Promise<void>((resolve) => (finish = resolve));
        const unit = store.transaction(async () => {
          await loans.insertOne({ book_id: 1, reader: 'ann' });
          wrote();
          await finishUnit;
          throw boom;
        });

        await unitWrote;
        // Started outside the unit's async context: not part of it (an adapter may make it wait for the unit).
        const outside = loans.insertOne({ book_id: 2, reader: 'bob' });
        finish();

        await expect(unit).rejects.toBe(boom);
        await outside;
        expect(await loans.find({})).toEqual([{ book_id: 2, reader: 'bob' }]);
      });

      it('joins a nested unit to the outer one', async () => {
        await store.transaction(async () => {
          await store.transaction(() => loans.insertOne({ book_id: 1, reader: 'ann' }));
          await sut.deleteOne({ book_id: 1 });
        });
        await expect(
          store.transaction(async () => {
            await store.transaction(() => loans.insertOne({ book_id: 2, reader: 'bob' }));
            throw boom;
          }),
        ).rejects.toBe(boom);

        expect(await loans.find({})).toEqual([{ book_id: 1, reader: 'ann' }]);
        expect(await all()).toEqual([2, 3, 4, 5]);
      });

      it('runs operations started together inside a unit', async () => {
        await store.transaction(() => Promise.all([loans.insertOne({ book_id: 1, reader: 'ann' }), loans.insertOne({ book_id: 2, reader: 'bob' }), sut.deleteOne({ book_id: 5 })]));

        expect(await loans.count({})).toBe(2);
        expect(await all()).toEqual([1, 2, 3, 4]);
      });

      it('takes ids with nextId inside units: unique, also for two units at once, and none held twice after a rollback', async () => {
        const addBook = () =>
          store.transaction(async () => {
            const book_id = 100 + (await store.nextId('book'));
            await sut.insertOne({ book_id, title: `Book ${book_id}`, tags: [] });
            return book_id;
          });

        const [a, b] = await Promise.all([addBook(), addBook()]);
        await expect(
          store.transaction(async () => {
            await sut.insertOne({ book_id: 100 + (await store.nextId('book')), title: 'Rolled back', tags: [] });
            throw boom;
          }),
        ).rejects.toBe(boom);
        const next = await addBook();

        expect(new Set([a, b, next]).size).toBe(3);
        expect(next).toBeGreaterThan(Math.max(a, b));
        expect(ids(await sut.find({ book_id: { $gt: 100 } }))).toEqual([a, b, next].sort((x, y) => x - y));
        expect(await sut.count({ title: 'Rolled back' })).toBe(0);
      });
    });

    it('compacts a collection without losing a document, an index or a later write', async () => {
      await sut.ensureIndex({ field: 'book_id', unique: true });
      await seed();
      await sut.updateOne({ book_id: 1 }, { $set: { title: 'Renamed' } });
      await sut.deleteOne({ book_id: 2 });
      const before = await sut.find({}, { sort: { book_id: 1 } });

      await sut.compact();

      expect(await sut.find({}, { sort: { book_id: 1 } })).toEqual(before);
      await expect(sut.insertOne({ book_id: 1, title: 'Duplicate', tags: [] })).rejects.toThrow(DuplicateKeyError);
      await sut.insertOne({ book_id: 99, title: 'After', tags: [] });
      expect(await sut.count({})).toBe(before.length + 1);
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
