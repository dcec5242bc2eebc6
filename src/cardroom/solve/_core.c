/*
 * cardroom.solve._core: the compiled core of cardroom's open-hand (double-dummy) solver.
 *
 * The same search as the pure-Python one of cardroom.solve.tricks (which calls this module when it
 * is built; docs/solvers.md): an exact solver for trick-taking games with natural suits and ranks,
 * 2-4 hands in play, cards in cardroom's encoding (card = suit*13 + rank-2, a hand is a bitmask of
 * cards; games whose cards change suit or rank are remapped by their adapters).
 *
 *   solve(hands, order, leader, trick, trump, must_trump, side_mask, maximize) -> (value, nodes)
 *   best_moves(same arguments) -> [(card, value), ...] for every legal card of the seat to move
 *
 * must_trump is a set of flags: 1 a player void in the suit led must trump if he can (preferans),
 * 2 a player must head the trick when he can (F1's compulsory beating); 0 neither.
 *
 * value = the tricks the seats of `side` take from the current position on, the current trick
 * included, under best play by all.  maximize=True: the side's seats want the most, the others the
 * fewest; maximize=False: the side's seats want the fewest, the others the most.
 *
 * The search:
 *   - null-window ("can the maximizers make at least `need` more side tricks?") alpha-beta over
 *     single cards, driven at the root MTD(f)-style: the bounds close in from a guess;
 *   - a transposition table keyed at trick boundaries by the relative-rank layout of the remaining
 *     cards (for each suit, the owner of each remaining card from the top) plus the leader; each
 *     entry keeps a lower and an upper bound on the tricks still to come and the best lead.  The
 *     table has a fixed size (2^16 buckets of 4 entries, 6 MB, allocated on first use) and a
 *     generation counter: every top-level call starts a new generation (older entries count as empty);
 *   - equivalent-card pruning: cards of one hand that touch once the cards played in earlier tricks
 *     are removed (the cards of the current trick still separate) are searched once;
 *   - move ordering by simple card-play heuristics, the table's best lead and a killer card per
 *     (cards left, place in the trick);
 *   - quick bounds at trick boundaries, for every objective: the top trumps held by one player
 *     (each wins the trick it falls in) and a leader whose every card is above every other card of
 *     its suit with nobody able to ruff (he takes all the tricks left); when everybody wants tricks
 *     (maximize), the leader's sure tricks (tops, with length winners once the others are void);
 *   - the last trick is played out directly.
 *
 * The interpreter lock is held throughout; the table is module state. Every 2^20 nodes the search
 * checks for signals, so Ctrl-C stops a long search (KeyboardInterrupt).
 *
 * Debugging switches (for cross-checks, not used by the build): -DNO_TT searches without the table,
 * -DNO_BOUNDS without the quick bounds.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define NCARDS 52
#define SUIT_BITS 0x1FFFULL
#define SUIT_MASK(s) (SUIT_BITS << (13 * (s)))
#define BIT(c) (1ULL << (c))
#define MAX_SEATS 8
#define MAX_HAND 26 /* two hands of 26 cards */
#define MUST_TRUMP 1 /* the flags of `must_trump` */
#define MUST_BEAT 2

/* A population count without the popcnt instruction (the build targets baseline x86-64, where
   __builtin_popcountll becomes a library call). */
static inline int popc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int hibit(u64 x) { return 63 - __builtin_clzll(x); }
static inline int lobit(u64 x) { return __builtin_ctzll(x); }

/* ------------------------------------------------------------------ transposition table */

typedef struct {
    u64 k0, k1;     /* the key: relative-rank layout; the leader is in the top bits of k1 */
    uint32_t gen;   /* the generation that wrote it; an entry of an older generation is empty */
    int8_t lo, hi;  /* bounds on the side's tricks from this trick boundary on */
    uint8_t best;   /* the best lead found: suit << 4 | index from the top of the suit's remaining cards; 0xFF none */
    uint8_t left;   /* tricks left (replacement priority) */
} Entry;

#define TT_BITS 16 /* buckets */
#define TT_WAYS 4
static Entry *tt = NULL;
static uint32_t tt_gen = 0;

static int tt_new_generation(void) {
    if (tt == NULL) {
        tt = (Entry *)calloc((size_t)1 << TT_BITS, sizeof(Entry) * TT_WAYS);
        if (tt == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        tt_gen = 0;
    }
    tt_gen++;
    if (tt_gen == 0) { /* wrapped: clear everything once */
        memset(tt, 0, ((size_t)1 << TT_BITS) * sizeof(Entry) * TT_WAYS);
        tt_gen = 1;
    }
    return 0;
}

static inline Entry *tt_bucket(u64 k0, u64 k1) {
    u64 h = k0 * 0x9E3779B97F4A7C15ULL ^ (k1 + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    return tt + ((h >> (64 - TT_BITS)) * TT_WAYS);
}

static inline Entry *tt_find(u64 k0, u64 k1) {
    Entry *b = tt_bucket(k0, k1);
    for (int i = 0; i < TT_WAYS; i++)
        if (b[i].gen == tt_gen && b[i].k0 == k0 && b[i].k1 == k1) return &b[i];
    return NULL;
}

static inline Entry *tt_slot(u64 k0, u64 k1, int left) {
    Entry *b = tt_bucket(k0, k1);
    Entry *victim = NULL;
    for (int i = 0; i < TT_WAYS; i++) {
        if (b[i].gen == tt_gen && b[i].k0 == k0 && b[i].k1 == k1) return &b[i];
    }
    for (int i = 0; i < TT_WAYS; i++) {
        if (b[i].gen != tt_gen) {
            victim = &b[i];
            break;
        }
        if (victim == NULL || b[i].left < victim->left) victim = &b[i];
    }
    victim->gen = tt_gen;
    victim->k0 = k0;
    victim->k1 = k1;
    victim->lo = 0;
    victim->hi = (int8_t)left;
    victim->best = 0xFF;
    victim->left = (uint8_t)left;
    return victim;
}

/* ------------------------------------------------------------------ search state */

typedef struct {
    int n;              /* hands in play */
    u64 hand[4];        /* by position in the turn order */
    int side[4];        /* the position's tricks count for the side */
    int maxer[4];       /* the position wants the side's tricks high */
    int trump;          /* -1 for no-trump */
    int must;           /* MUST_TRUMP: must trump when void; MUST_BEAT: must head the trick when able */
    int maximize;
    int leader;         /* position of the current trick's leader */
    int k;              /* cards in the current trick */
    int tc[4];          /* the current trick's cards, from the leader */
    int win;            /* index in tc of the winning card so far */
    u64 tmask;          /* the current trick's cards */
    u64 nodes;
    int interrupted;    /* a signal handler raised (Ctrl-C): unwind at once */
    int killer[MAX_HAND + 1][4]; /* by cards left to the player and place in the trick: the card that last cut */
} S;

static inline int beats(int c, int w, int trump) {
    int sc = c / 13, sw = w / 13;
    if (sc == sw) return c > w;
    return sc == trump;
}

/* Of the cards of `m`, those that beat the trick's winning card so far; when none does, `m` itself
   (F1's compulsory beating, «перебивать обязательно»). */
static inline u64 heading(const S *s, u64 m) {
    if (!(s->must & MUST_BEAT)) return m;
    int w = s->tc[s->win], sw = w / 13;
    u64 beat = m & SUIT_MASK(sw) & ~(BIT(w + 1) - 1);
    if (s->trump >= 0 && sw != s->trump) beat |= m & SUIT_MASK(s->trump);
    return beat ? beat : m;
}

static inline u64 legal_mask(const S *s, u64 h) {
    if (s->k == 0) return h;
    int led = s->tc[0] / 13;
    u64 same = h & SUIT_MASK(led);
    if (same) return heading(s, same);
    if ((s->must & MUST_TRUMP) && s->trump >= 0) {
        u64 t = h & SUIT_MASK(s->trump);
        if (t) return heading(s, t);
    }
    return heading(s, h);
}

static inline u64 all_hands(const S *s) {
    u64 a = 0;
    for (int i = 0; i < s->n; i++) a |= s->hand[i];
    return a;
}

/* The key of a trick boundary: for each suit, its number of remaining cards (4 bits) and the owner
   (2 bits) of each from the top; suits 0-1 in k0, 2-3 in k1, the leader in k1's top bits. */
static void make_key(const S *s, u64 *k0, u64 *k1) {
    u64 b0 = s->hand[1] | s->hand[3];
    u64 b1 = s->hand[2] | s->hand[3];
    u64 all = all_hands(s);
    u64 key[2] = {0, 0};
    for (int suit = 0; suit < 4; suit++) {
        u64 m = all & SUIT_MASK(suit);
        u64 v = (u64)popc(m);
        while (m) {
            int c = hibit(m);
            m &= ~BIT(c);
            v = (v << 2) | ((b0 >> c) & 1) | (((b1 >> c) & 1) << 1);
        }
        key[suit >> 1] |= v << (30 * (suit & 1));
    }
    *k0 = key[0];
    *k1 = key[1] | ((u64)s->leader << 60);
}

/* The best lead as a relative card: suit and index from the top of the suit's remaining cards. */
static int rel_of(u64 all, int c) {
    int suit = c / 13;
    u64 above = all & SUIT_MASK(suit) & ~(BIT(c + 1) - 1);
    return (suit << 4) | popc(above);
}

static int card_of_rel(u64 all, int rel) {
    int suit = rel >> 4, idx = rel & 15;
    u64 m = all & SUIT_MASK(suit);
    while (m) {
        int c = hibit(m);
        if (idx == 0) return c;
        idx--;
        m &= ~BIT(c);
    }
    return -1;
}

/* ------------------------------------------------------------------ bounds */

/* Consecutive top cards of mask `suitcards` (one suit's remaining cards) held in `h`. */
static inline int tops(u64 suitcards, u64 h) {
    int t = 0;
    while (suitcards) {
        int c = hibit(suitcards);
        if (!(h & BIT(c))) break;
        t++;
        suitcards &= ~BIT(c);
    }
    return t;
}

/* Sure tricks for the leader: tops he can cash keeping the lead, with the rest of a suit once the
   others are out of it, side-suit tops only as far as no other hand can ruff. */
static int leader_sure_tricks(const S *s) {
    int L = s->leader;
    u64 h = s->hand[L];
    u64 others = 0;
    for (int i = 0; i < s->n; i++)
        if (i != L) others |= s->hand[i];
    u64 all = h | others;
    int q = 0;
    int trump = s->trump;
    int ruffers_out = 1; /* nobody else can ruff (once trumps are drawn) */
    if (trump >= 0) {
        u64 tm = all & SUIT_MASK(trump);
        int t = tops(tm, h);
        int maxlen = 0;
        for (int i = 0; i < s->n; i++)
            if (i != L) {
                int len = popc(s->hand[i] & SUIT_MASK(trump));
                if (len > maxlen) maxlen = len;
            }
        if (maxlen <= t) {
            q += popc(h & SUIT_MASK(trump));
        } else {
            q += t;
            ruffers_out = 0;
        }
    }
    for (int suit = 0; suit < 4; suit++) {
        if (suit == trump) continue;
        u64 mine = h & SUIT_MASK(suit);
        if (!mine) continue;
        int t = tops(all & SUIT_MASK(suit), h);
        if (!t) continue;
        if (ruffers_out) {
            int maxlen = 0;
            for (int i = 0; i < s->n; i++)
                if (i != L) {
                    int len = popc(s->hand[i] & SUIT_MASK(suit));
                    if (len > maxlen) maxlen = len;
                }
            q += (maxlen <= t) ? popc(mine) : t;
        } else {
            /* the m-th round is safe while every other hand holding trumps still follows */
            int safe = t;
            for (int i = 0; i < s->n; i++)
                if (i != L && (s->hand[i] & SUIT_MASK(trump))) {
                    int len = popc(s->hand[i] & SUIT_MASK(suit));
                    if (len < safe) safe = len;
                }
            q += safe;
        }
    }
    return q;
}

/* Every card of the leader is above every other hand's card of its suit, and no other hand can ruff:
   he takes all the tricks left, whatever anybody plays. */
static int all_cards_win(const S *s) {
    int L = s->leader;
    u64 h = s->hand[L];
    u64 others = 0;
    for (int i = 0; i < s->n; i++)
        if (i != L) others |= s->hand[i];
    if (s->trump >= 0 && (others & SUIT_MASK(s->trump))) {
        /* others hold trumps: only if the leader has nothing but trumps (each above theirs) */
        if (h & ~SUIT_MASK(s->trump)) return 0;
    }
    for (int suit = 0; suit < 4; suit++) {
        u64 mine = h & SUIT_MASK(suit);
        u64 theirs = others & SUIT_MASK(suit);
        if (mine && theirs && hibit(theirs) > lobit(mine)) return 0;
    }
    return 1;
}

/* Bounds on the side's tricks from a trick boundary with `left` tricks to play. */
static void boundary_bounds(const S *s, int left, int *lo, int *hi) {
    if (s->trump >= 0) {
        u64 all = all_hands(s);
        u64 tm = all & SUIT_MASK(s->trump);
        if (tm) {
            int top = hibit(tm);
            for (int i = 0; i < s->n; i++)
                if (s->hand[i] & BIT(top)) {
                    int t = tops(tm, s->hand[i]); /* each of them wins the trick it falls in */
                    if (s->side[i]) {
                        if (t > *lo) *lo = t;
                    } else if (left - t < *hi) {
                        *hi = left - t;
                    }
                    break;
                }
        }
    }
    if (all_cards_win(s)) {
        /* the leader wins every trick whatever anybody plays, wanted or not */
        if (s->side[s->leader]) *lo = left;
        else *hi = 0;
        return;
    }
    if (s->maximize) {
        int q = leader_sure_tricks(s);
        if (q > left) q = left;
        if (s->side[s->leader]) {
            if (q > *lo) *lo = q;
        } else if (left - q < *hi) {
            *hi = left - q;
        }
    }
}

/* ------------------------------------------------------------------ move generation */

/* The representatives (the lowest of each run of touching cards) of the legal cards of position p,
   ordered best first by the heuristics.  Returns their number. */
static int gen_moves(const S *s, int p, int *moves, int hint) {
    u64 h = s->hand[p];
    u64 legal = legal_mask(s, h);
    u64 rem = all_hands(s) | s->tmask;
    int scores[MAX_HAND];
    int cnt = 0;
    int good_side = s->maxer[p]; /* a winner is good for p when its side flag equals this */
    int maximize = s->maximize;
    int j = s->k;
    u64 m = legal;
    while (m) {
        int c = lobit(m);
        m &= m - 1;
        int suit = c / 13;
        u64 below = rem & SUIT_MASK(suit) & (BIT(c) - 1);
        if (below && (h & BIT(hibit(below)))) continue; /* not the lowest of its run */
        int rank = c % 13;
        int score;
        if (c == hint) {
            score = 10000;
        } else if (j == 0) {
            u64 above = rem & SUIT_MASK(suit) & ~(BIT(c + 1) - 1);
            /* cards above c that are not in p's own touching run */
            u64 abv = above;
            int top_run = 1;
            while (abv) {
                int a = lobit(abv);
                abv &= abv - 1;
                if (!(h & BIT(a))) {
                    top_run = 0;
                    break;
                }
            }
            if (maximize) {
                if (top_run)
                    score = 600 + (suit == s->trump ? 50 : 0) - popc(h & SUIT_MASK(suit));
                else {
                    /* does a partner hold the top of the suit? */
                    int partner_top = 0;
                    if (above) {
                        int t = hibit(above);
                        for (int i = 0; i < s->n; i++)
                            if (i != p && (s->hand[i] & BIT(t)) && s->side[i] == s->side[p]) partner_top = 1;
                    }
                    score = (partner_top ? 400 : 200) - rank + popc(h & SUIT_MASK(suit));
                }
            } else {
                /* lead low; best a card that a player whose winning suits p must overtake; worst a sure
                   winner */
                score = 300 - rank;
                u64 over = 0;
                for (int q = 0; q < s->n; q++) {
                    if (q == p) continue;
                    u64 hs = s->hand[q] & SUIT_MASK(suit);
                    if (!hs) continue;
                    over |= hs & ~(BIT(c) - 1);
                    if (s->side[q] == good_side && lobit(hs) > c) score += 200;
                }
                if (!over) score -= 200;
            }
        } else {
            int w = s->tc[s->win];
            int wpos = (s->leader + s->win) % s->n;
            int newwin = beats(c, w, s->trump) ? p : wpos;
            int good = (s->side[newwin] == good_side);
            if (maximize) {
                int r = rank + (suit == s->trump && newwin != p ? 13 : 0);
                if (good)
                    score = (newwin == p) ? 800 - r : 700 - r;
                else
                    score = 300 - r;
            } else {
                score = good ? 800 + rank : (newwin == p ? 300 - rank : 500 + rank);
            }
        }
        /* insertion, best first */
        int i = cnt++;
        while (i > 0 && scores[i - 1] < score) {
            scores[i] = scores[i - 1];
            moves[i] = moves[i - 1];
            i--;
        }
        scores[i] = score;
        moves[i] = c;
    }
    return cnt;
}

/* ------------------------------------------------------------------ search */

static int search(S *s, int need);

/* Play the moves of the position to act; returns 1 if the maximizers make `need`. *best gets the
   move that decided the node (or stays). */
static int play_node(S *s, int need, int hint, int *best) {
    int j = s->k;
    int p = (s->leader + j) % s->n;
    int moves[MAX_HAND];
    int left = popc(s->hand[p]);
    int *killer = &s->killer[left][j];
    int cnt = gen_moves(s, p, moves, hint < 0 ? *killer : hint);
    int ismax = s->maxer[p];
    for (int i = 0; i < cnt; i++) {
        int c = moves[i];
        int r;
        int oldwin = s->win;
        s->hand[p] &= ~BIT(c);
        s->tc[j] = c;
        s->tmask |= BIT(c);
            if (j == 0)
            s->win = 0;
        else if (beats(c, s->tc[s->win], s->trump))
            s->win = j;
        if (j + 1 == s->n) {
            int wpos = (s->leader + s->win) % s->n;
            int oldleader = s->leader;
            u64 oldtmask = s->tmask;
            int oldtc[4];
            memcpy(oldtc, s->tc, sizeof oldtc);
            s->leader = wpos;
            s->k = 0;
            s->tmask = 0;
            r = search(s, need - s->side[wpos]);
            s->leader = oldleader;
            s->k = j;
            s->tmask = oldtmask;
            memcpy(s->tc, oldtc, sizeof oldtc);
        } else {
            s->k = j + 1;
            r = search(s, need);
            s->k = j;
        }
        s->tmask &= ~BIT(c);
        s->win = oldwin;
        s->hand[p] |= BIT(c);
        if (ismax ? r : !r) {
            *best = c;
            if (i > 0) *killer = c;
            return r;
        }
    }
    return !ismax;
}

static int last_trick(const S *s) {
    int L = s->leader;
    int wc = lobit(s->hand[L]);
    int wpos = L;
    for (int i = 1; i < s->n; i++) {
        int p = (L + i) % s->n;
        int c = lobit(s->hand[p]);
        if (beats(c, wc, s->trump)) {
            wc = c;
            wpos = p;
        }
    }
    return s->side[wpos];
}

static int search(S *s, int need) {
    if ((++s->nodes & 0xFFFFF) == 0 && PyErr_CheckSignals() < 0) s->interrupted = 1;
    if (s->interrupted) return 0; /* unwinding: the value does not matter */
    if (s->k > 0) {
        int dummy;
        return play_node(s, need, -1, &dummy);
    }
    int left = popc(s->hand[s->leader]);
    if (need <= 0) return 1;
    if (need > left) return 0;
    if (left == 1) return last_trick(s) >= need;
    int lo = 0, hi = left;
#ifndef NO_BOUNDS
    boundary_bounds(s, left, &lo, &hi);
#endif
    if (lo >= need) return 1;
    if (hi < need) return 0;
    u64 k0, k1;
    make_key(s, &k0, &k1);
#ifdef NO_TT
    Entry *e = NULL;
#else
    Entry *e = tt_find(k0, k1);
#endif
    int hint = -1;
    u64 all = all_hands(s);
    if (e) {
        if (e->lo >= need) return 1;
        if (e->hi < need) return 0;
        if (e->best != 0xFF) hint = card_of_rel(all, e->best);
    }
    int best = -1;
    int r = play_node(s, need, hint, &best);
    e = tt_slot(k0, k1, left);
    if (e->lo < lo) e->lo = (int8_t)lo;
    if (e->hi > hi) e->hi = (int8_t)hi;
    if (r) {
        if (e->lo < need) e->lo = (int8_t)need;
    } else {
        if (e->hi > need - 1) e->hi = (int8_t)(need - 1);
    }
    if (best >= 0) e->best = (uint8_t)rel_of(all, best);
    return r;
}

/* The exact value (side's tricks from here, the current trick included) within [lo, hi]. */
static int mtd(S *s, int lo, int hi, int guess) {
    while (lo < hi && !s->interrupted) {
        int t = guess;
        if (t < lo + 1) t = lo + 1;
        if (t > hi) t = hi;
        if (search(s, t)) {
            lo = t;
            guess = t + 1;
        } else {
            hi = t - 1;
            guess = t - 1;
        }
    }
    return lo;
}

static int tricks_left(const S *s) {
    /* the leader has played to a trick in progress */
    return popc(s->hand[s->leader]) + (s->k > 0 ? 1 : 0);
}

static int first_guess(S *s) {
    int left = tricks_left(s);
    if (!s->maximize) return 0;
    if (s->k > 0) return left / 2;
    int lo = 0, hi = left;
    if (left >= 2) boundary_bounds(s, left, &lo, &hi);
    return (lo + hi + 1) / 2;
}

static int solve_position(S *s) {
    int left = tricks_left(s);
    if (left == 0) return 0;
    return mtd(s, 0, left, first_guess(s));
}

/* ------------------------------------------------------------------ argument parsing */

static int card_name(char *buf, size_t size, int c) {
    static const char *ranks[] = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};
    return snprintf(buf, size, "%s%c", ranks[c % 13], "CDHS"[c / 13]);
}

static int parse_int_sequence(PyObject *obj, const char *what, long long *out, Py_ssize_t maxlen, Py_ssize_t *len) {
    if (!PyTuple_Check(obj) && !PyList_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple of ints, not %.100s", what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
    if (n > maxlen) {
        PyErr_Format(PyExc_ValueError, "%s has %zd entries, at most %zd allowed", what, n, maxlen);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(obj);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_Check(items[i])) {
            PyErr_Format(PyExc_TypeError, "%s[%zd] must be an int, not %.100s", what, i, Py_TYPE(items[i])->tp_name);
            return -1;
        }
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(items[i], &overflow);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (overflow) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] is out of range", what, i);
            return -1;
        }
        out[i] = v;
    }
    *len = n;
    return 0;
}

typedef struct {
    S s;
    int nseats;
    int seat_of[4]; /* seat number of each position */
} Problem;

static int parse_problem(PyObject *args, PyObject *kwargs, const char *format, Problem *pr) {
    static char *kwlist[] = {"hands", "order", "leader", "trick", "trump", "must_trump", "side_mask", "maximize", NULL};
    PyObject *hands_o, *order_o, *trick_o, *side_o;
    int leader, trump, must, maximize;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, kwlist, &hands_o, &order_o, &leader, &trick_o,
                                     &trump, &must, &side_o, &maximize))
        return -1;
    long long hands[MAX_SEATS], order[4], trick[4];
    Py_ssize_t nh, no, nt;
    char b1[8];
    if (parse_int_sequence(hands_o, "hands", hands, MAX_SEATS, &nh) < 0) return -1;
    if (parse_int_sequence(order_o, "order", order, 4, &no) < 0) return -1;
    if (parse_int_sequence(trick_o, "trick", trick, 3, &nt) < 0) return -1;
    if (!PyLong_Check(side_o)) {
        PyErr_Format(PyExc_TypeError, "side_mask must be an int, not %.100s", Py_TYPE(side_o)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long side_mask = PyLong_AsLongLongAndOverflow(side_o, &overflow);
    if (side_mask == -1 && PyErr_Occurred()) return -1;
    if (overflow || side_mask < 0 || side_mask >= (1LL << nh)) {
        PyErr_Format(PyExc_ValueError, "side_mask names a seat that is not at the table (%zd seats)", nh);
        return -1;
    }
    if (nh < 2) {
        PyErr_Format(PyExc_ValueError, "hands has %zd entries, at least 2 needed", nh);
        return -1;
    }
    if (no < 2) {
        PyErr_Format(PyExc_ValueError, "order has %zd seats, 2 to 4 needed", no);
        return -1;
    }
    u64 seen = 0;
    for (Py_ssize_t i = 0; i < nh; i++) {
        if (hands[i] < 0 || hands[i] >= (1LL << NCARDS)) {
            PyErr_Format(PyExc_ValueError, "hands[%zd] is not a mask of cards 0..51", i);
            return -1;
        }
        u64 dup = seen & (u64)hands[i];
        if (dup) {
            card_name(b1, sizeof b1, lobit(dup));
            PyErr_Format(PyExc_ValueError, "card %s (%d) is in two hands (seat %zd and an earlier one)", b1, lobit(dup), i);
            return -1;
        }
        seen |= (u64)hands[i];
    }
    int inplay = 0;
    for (Py_ssize_t i = 0; i < no; i++) {
        if (order[i] < 0 || order[i] >= nh) {
            PyErr_Format(PyExc_ValueError, "order names seat %lld, not one of the %zd seats", order[i], nh);
            return -1;
        }
        if (inplay & (1 << order[i])) {
            PyErr_Format(PyExc_ValueError, "order names seat %lld twice", order[i]);
            return -1;
        }
        inplay |= 1 << order[i];
    }
    for (Py_ssize_t i = 0; i < nh; i++)
        if (!(inplay & (1 << i)) && hands[i]) {
            PyErr_Format(PyExc_ValueError, "seat %zd is not in play (not in order) but holds %d cards", i,
                         popc((u64)hands[i]));
            return -1;
        }
    int lpos = -1;
    for (Py_ssize_t i = 0; i < no; i++)
        if (order[i] == leader) lpos = (int)i;
    if (lpos < 0) {
        PyErr_Format(PyExc_ValueError, "leader %d is not a seat in play (order)", leader);
        return -1;
    }
    if (trump < -1 || trump > 3) {
        PyErr_Format(PyExc_ValueError, "trump must be -1 (no-trump) or a suit 0..3, not %d", trump);
        return -1;
    }
    if (nt >= no) {
        PyErr_Format(PyExc_ValueError, "trick has %zd cards but only %zd seats are in play", nt, no);
        return -1;
    }
    u64 tmask = 0;
    for (Py_ssize_t i = 0; i < nt; i++) {
        if (trick[i] < 0 || trick[i] >= NCARDS) {
            PyErr_Format(PyExc_ValueError, "trick[%zd] = %lld is not a card 0..51", i, trick[i]);
            return -1;
        }
        if (tmask & BIT(trick[i])) {
            card_name(b1, sizeof b1, (int)trick[i]);
            PyErr_Format(PyExc_ValueError, "card %s (%lld) is in the trick twice", b1, trick[i]);
            return -1;
        }
        if (seen & BIT(trick[i])) {
            card_name(b1, sizeof b1, (int)trick[i]);
            PyErr_Format(PyExc_ValueError, "trick card %s (%lld) is still held in a hand", b1, trick[i]);
            return -1;
        }
        tmask |= BIT(trick[i]);
    }
    /* counts: the positions that played to the trick hold one card fewer */
    int m = popc((u64)hands[leader]) + (nt > 0 ? 1 : 0);
    for (Py_ssize_t i = 0; i < no; i++) {
        int pos = (int)((lpos + i) % no);
        int seat = (int)order[pos];
        int expect = (i < nt) ? m - 1 : m;
        int have = popc((u64)hands[seat]);
        if (have != expect) {
            PyErr_Format(PyExc_ValueError,
                         "hands of unequal length for the remaining play: seat %d holds %d cards, %d expected "
                         "(leader %d holds %d, %zd cards in the trick)",
                         seat, have, expect, leader, popc((u64)hands[leader]), nt);
            return -1;
        }
    }
    S *s = &pr->s;
    memset(pr, 0, sizeof *pr);
    s->n = (int)no;
    pr->nseats = (int)nh;
    for (int i = 0; i < s->n; i++) {
        int seat = (int)order[i];
        pr->seat_of[i] = seat;
        s->hand[i] = (u64)hands[seat];
        s->side[i] = (int)((side_mask >> seat) & 1);
        s->maxer[i] = (s->side[i] == (maximize != 0));
    }
    s->trump = trump;
    if (must < 0 || must > (MUST_TRUMP | MUST_BEAT)) {
        PyErr_Format(PyExc_ValueError, "must_trump must be 0..3 (1 must trump, 2 must beat), not %d", must);
        return -1;
    }
    s->must = must;
    s->maximize = maximize != 0;
    s->leader = lpos;
    s->k = (int)nt;
    s->win = 0;
    for (int i = 0; i < (int)nt; i++) {
        s->tc[i] = (int)trick[i];
        if (i > 0 && beats(s->tc[i], s->tc[s->win], trump)) s->win = i;
    }
    s->tmask = tmask;
    s->nodes = 0;
    memset(s->killer, 0xFF, sizeof s->killer);
    return 0;
}

/* ------------------------------------------------------------------ module functions */

PyDoc_STRVAR(solve_doc,
             "solve(hands, order, leader, trick, trump, must_trump, side_mask, maximize) -> (value, nodes)\n\n"
             "The tricks the seats of side_mask take from this position on (the current trick included)\n"
             "under best play by all, and the number of nodes searched. ValueError on bad input.");

static PyObject *core_solve(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    Problem pr;
    if (parse_problem(args, kwargs, "OOiOiiOp:solve", &pr) < 0) return NULL;
    if (tt_new_generation() < 0) return NULL;
    int v = solve_position(&pr.s);
    if (pr.s.interrupted) return NULL;
    return Py_BuildValue("(iK)", v, (unsigned long long)pr.s.nodes);
}

/* The value after the seat to move plays c (the trick completed if c is its last card). */
static int value_after(S *s, int c, int guess) {
    int j = s->k;
    int p = (s->leader + j) % s->n;
    int oldwin = s->win, oldleader = s->leader;
    u64 oldtmask = s->tmask;
    int oldtc[4];
    memcpy(oldtc, s->tc, sizeof oldtc);
    int v;
    s->hand[p] &= ~BIT(c);
    s->tc[j] = c;
    s->tmask |= BIT(c);
    if (j == 0)
        s->win = 0;
    else if (beats(c, s->tc[s->win], s->trump))
        s->win = j;
    if (j + 1 == s->n) {
        int wpos = (s->leader + s->win) % s->n;
        int won = s->side[wpos];
        s->leader = wpos;
        s->k = 0;
        s->tmask = 0;
        int left = popc(s->hand[wpos]);
        v = won + (left ? mtd(s, 0, left, guess - won) : 0);
    } else {
        s->k = j + 1;
        v = mtd(s, 0, tricks_left(s), guess);
    }
    s->leader = oldleader;
    s->k = j;
    s->tmask = oldtmask;
    memcpy(s->tc, oldtc, sizeof oldtc);
    s->win = oldwin;
    s->hand[p] |= BIT(c);
    return v;
}

PyDoc_STRVAR(best_moves_doc,
             "best_moves(hands, order, leader, trick, trump, must_trump, side_mask, maximize) -> [(card, value)]\n\n"
             "Every legal card of the seat to move, ascending, with the side's tricks from this position on\n"
             "(the current trick included) after it is played. Empty when no cards are left.");

static PyObject *core_best_moves(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    Problem pr;
    if (parse_problem(args, kwargs, "OOiOiiOp:best_moves", &pr) < 0) return NULL;
    if (tt_new_generation() < 0) return NULL;
    S *s = &pr.s;
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    if (tricks_left(s) == 0) return out;
    int p = (s->leader + s->k) % s->n;
    u64 h = s->hand[p];
    u64 legal = legal_mask(s, h);
    u64 rem = all_hands(s) | s->tmask;
    int value[NCARDS];
    int guess = first_guess(s);
    /* representatives first (the lowest of each touching run), then their runs share the value */
    u64 m = legal;
    while (m) {
        int c = lobit(m);
        m &= m - 1;
        u64 below = rem & SUIT_MASK(c / 13) & (BIT(c) - 1);
        if (below && (h & BIT(hibit(below)))) {
            value[c] = value[hibit(below)];
        } else {
            value[c] = value_after(s, c, guess);
            guess = value[c];
            if (s->interrupted) {
                Py_DECREF(out);
                return NULL;
            }
        }
    }
    m = legal;
    while (m) {
        int c = lobit(m);
        m &= m - 1;
        PyObject *t = Py_BuildValue("(ii)", c, value[c]);
        if (t == NULL || PyList_Append(out, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(t);
    }
    return out;
}

static PyMethodDef core_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))core_solve, METH_VARARGS | METH_KEYWORDS, solve_doc},
    {"best_moves", (PyCFunction)(void (*)(void))core_best_moves, METH_VARARGS | METH_KEYWORDS, best_moves_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    "cardroom.solve._core",
    "The compiled core of cardroom's open-hand solver (see cardroom.solve.tricks).",
    -1,
    core_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&core_module); }
