package io.openmessaging.benchmark.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * An exact set of one producer's sequence numbers (0 and up), as a bitmap in pages of {@value #PAGE_BITS}
 * numbers: a page holds one bit per number, and a page whose every number is in the set is replaced by one
 * shared marker, so what was received in order costs a reference per {@value #PAGE_BITS} messages.
 *
 * <p>Memory, worst case: {@value #PAGE_BYTES} bytes for every page that has a gap, i.e. one bit per
 * sequence number up to the highest seen (125 kB per million messages) when every page misses one, or when
 * the set holds only some of a producer's messages (a worker whose consumers own part of the partitions);
 * with no gap, 8 bytes per {@value #PAGE_BITS} messages and one page being filled.
 *
 * <p>Threading: {@link #add} from any number of threads at once, without a lock (one atomic OR per number;
 * a lock only to install a page, once per {@value #PAGE_BITS} numbers); reading and combining ({@link
 * #cardinality}, {@link #or}, {@link #countNotIn}, {@link #toBytes}) once the writers are done.
 */
public final class SequenceSet {

    static final int PAGE_SHIFT = 16;
    public static final int PAGE_BITS = 1 << PAGE_SHIFT;
    static final int WORDS_PER_PAGE = PAGE_BITS / Long.SIZE;
    static final int PAGE_BYTES = PAGE_BITS / Byte.SIZE;
    /** Highest number the set can hold: pages are indexed by an int. */
    public static final long MAX_SEQUENCE = ((long) Integer.MAX_VALUE << PAGE_SHIFT) - 1;

    /** Replaces a page whose numbers are all in the set. */
    private static final long[] FULL = new long[0];
    /** The word after a page's bits counts its full words (all 64 bits set). */
    private static final int FULL_WORDS_INDEX = WORDS_PER_PAGE;

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle PAGES = MethodHandles.arrayElementVarHandle(long[][].class);

    private static final byte KIND_FULL = 0;
    private static final byte KIND_BITS = 1;

    private volatile long[][] pages = new long[4][];

    /**
     * Adds {@code sequence}; returns {@code false} when it was in the set already (a duplicate).
     *
     * @throws IllegalArgumentException when {@code sequence} is negative or above {@link #MAX_SEQUENCE}
     */
    public boolean add(long sequence) {
        if (sequence < 0 || sequence > MAX_SEQUENCE) {
            throw new IllegalArgumentException("a sequence number is 0 to " + MAX_SEQUENCE + ", got " + sequence);
        }
        int pageIndex = (int) (sequence >>> PAGE_SHIFT);
        long[][] current = pages;
        long[] page = pageIndex < current.length ? (long[]) PAGES.getAcquire(current, pageIndex) : null;
        if (page == null) {
            page = installPage(pageIndex);
        }
        if (page == FULL) {
            return false;
        }
        int bit = (int) sequence & (PAGE_BITS - 1);
        int word = bit >>> 6;
        long mask = 1L << bit;
        long before = (long) WORDS.getAndBitwiseOr(page, word, mask);
        if ((before & mask) != 0) {
            return false;
        }
        if ((before | mask) == -1L && (long) WORDS.getAndAdd(page, FULL_WORDS_INDEX, 1L) + 1 == WORDS_PER_PAGE) {
            markFull(pageIndex, page);
        }
        return true;
    }

    /** Whether {@code sequence} is in the set. */
    public boolean contains(long sequence) {
        if (sequence < 0 || sequence > MAX_SEQUENCE) {
            return false;
        }
        long[] page = page((int) (sequence >>> PAGE_SHIFT));
        if (page == null || page == FULL) {
            return page == FULL;
        }
        int bit = (int) sequence & (PAGE_BITS - 1);
        return ((long) WORDS.getVolatile(page, bit >>> 6) & (1L << bit)) != 0;
    }

    /** How many numbers the set holds. */
    public long cardinality() {
        long count = 0;
        long[][] current = pages;
        for (int i = 0; i < current.length; i++) {
            count += bitCount(page(current, i));
        }
        return count;
    }

    /** How many numbers of this set are not in {@code other}. */
    public long countNotIn(SequenceSet other) {
        long count = 0;
        long[][] mine = pages;
        for (int i = 0; i < mine.length; i++) {
            long[] page = page(mine, i);
            if (page == null) {
                continue;
            }
            long[] theirs = other.page(i);
            if (theirs == FULL) {
                continue;
            }
            if (theirs == null || page == FULL) {
                count += bitCount(page) - bitCount(theirs);
                continue;
            }
            for (int w = 0; w < WORDS_PER_PAGE; w++) {
                count += Long.bitCount(word(page, w) & ~theirs[w]);
            }
        }
        return count;
    }

    /** Adds every number of {@code other} to this set. Not while {@link #add} runs. */
    public synchronized void or(SequenceSet other) {
        long[][] theirs = other.pages;
        for (int i = 0; i < theirs.length; i++) {
            long[] page = page(theirs, i);
            if (page == null) {
                continue;
            }
            if (page == FULL) {
                ensureCapacity(i);
                PAGES.setRelease(pages, i, FULL);
                continue;
            }
            for (int w = 0; w < WORDS_PER_PAGE; w++) {
                long bits = page[w];
                if (bits != 0) {
                    orWord(i, w, bits);
                }
            }
        }
    }

    /**
     * The set as bytes ({@link #fromBytes} reads them back): per page that holds a number, its index (int)
     * and either a full marker or its {@value #WORDS_PER_PAGE} words.
     */
    public byte[] toBytes() {
        long[][] current = pages;
        int bitPages = 0;
        int fullPages = 0;
        for (int i = 0; i < current.length; i++) {
            long[] page = page(current, i);
            if (page == FULL) {
                fullPages++;
            } else if (page != null) {
                bitPages++;
            }
        }
        ByteBuffer out = ByteBuffer.allocate(4 + fullPages * 5 + bitPages * (5 + PAGE_BYTES));
        out.putInt(fullPages + bitPages);
        for (int i = 0; i < current.length; i++) {
            long[] page = page(current, i);
            if (page == null) {
                continue;
            }
            out.putInt(i);
            if (page == FULL) {
                out.put(KIND_FULL);
            } else {
                out.put(KIND_BITS);
                for (int w = 0; w < WORDS_PER_PAGE; w++) {
                    out.putLong(word(page, w));
                }
            }
        }
        return out.array();
    }

    /**
     * The set {@link #toBytes} wrote.
     *
     * @throws IllegalArgumentException when {@code bytes} are not such a set
     */
    public static SequenceSet fromBytes(byte[] bytes) {
        SequenceSet set = new SequenceSet();
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            int count = in.getInt();
            for (int n = 0; n < count; n++) {
                int index = in.getInt();
                byte kind = in.get();
                if (index < 0 || (kind != KIND_FULL && kind != KIND_BITS)) {
                    throw new IllegalArgumentException("page " + index + " of kind " + kind);
                }
                set.ensureCapacity(index);
                if (kind == KIND_FULL) {
                    set.pages[index] = FULL;
                } else {
                    for (int w = 0; w < WORDS_PER_PAGE; w++) {
                        long bits = in.getLong();
                        if (bits != 0) {
                            set.orWord(index, w, bits);
                        }
                    }
                }
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " byte(s) after the last page");
            }
        } catch (java.nio.BufferUnderflowException e) {
            throw new IllegalArgumentException("not a sequence set: it ends inside a page", e);
        }
        return set;
    }

    private long[] page(int pageIndex) {
        long[][] current = pages;
        return pageIndex < current.length ? page(current, pageIndex) : null;
    }

    private static long[] page(long[][] pages, int index) {
        return (long[]) PAGES.getAcquire(pages, index);
    }

    private static long word(long[] page, int index) {
        return (long) WORDS.getVolatile(page, index);
    }

    private static long bitCount(long[] page) {
        if (page == null) {
            return 0;
        }
        if (page == FULL) {
            return PAGE_BITS;
        }
        long count = 0;
        for (int w = 0; w < WORDS_PER_PAGE; w++) {
            count += Long.bitCount(word(page, w));
        }
        return count;
    }

    /** Sets {@code bits} in a word, single-threaded (merging and reading back). */
    private void orWord(int pageIndex, int word, long bits) {
        long[] page = page(pageIndex);
        if (page == FULL) {
            return;
        }
        if (page == null) {
            page = installPage(pageIndex);
        }
        long before = page[word];
        page[word] = before | bits;
        if (before != -1L && (before | bits) == -1L && ++page[FULL_WORDS_INDEX] == WORDS_PER_PAGE) {
            markFull(pageIndex, page);
        }
    }

    /** The page at {@code pageIndex}, created if there is none (the array grown if needed). */
    private synchronized long[] installPage(int pageIndex) {
        ensureCapacity(pageIndex);
        long[] page = (long[]) PAGES.getAcquire(pages, pageIndex);
        if (page == null) {
            page = new long[WORDS_PER_PAGE + 1];
            PAGES.setRelease(pages, pageIndex, page);
        }
        return page;
    }

    /** Replaces a page that became full by the marker (a writer still holding it finds every bit set). */
    private synchronized void markFull(int pageIndex, long[] page) {
        if (PAGES.getAcquire(pages, pageIndex) == page) {
            PAGES.setRelease(pages, pageIndex, FULL);
        }
    }

    /** Grows the page array to hold {@code pageIndex}; under this object's lock. */
    private void ensureCapacity(int pageIndex) {
        long[][] current = pages;
        if (pageIndex >= current.length) {
            int length = current.length;
            while (length <= pageIndex) {
                length = length > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE : length * 2;
            }
            pages = Arrays.copyOf(current, length);
        }
    }
}
