/*
 * cardroom.solve._twohand: the exact open-hand solver of two-handed ("Chinese") bridge
 * (docs/rules/two-hand-bridge.md; the Python side and the reference search are cardroom.solve.twohand).
 *
 * Two players, 0 and 1. Each plays from his "available" cards (the hand of four and the face-up table
 * cards); a face-up table card may cover a face-down one, which becomes available once the cover is
 * played. A trick has four cards: leader, other, leader, other; follow suit from the available cards
 * (the player's second card of a trick is free when second_follows is 0); the highest trump, else the
 * highest card of the suit led, wins; the winner leads next. Cards: suit*13 + rank-2.
 *
 *   solve(avail, covers, leader, trick, trump, second_follows, side) -> (value, nodes)
 *   best_moves(same arguments) -> [(card, value), ...] for every legal card of the player to move
 *   clear() forgets the transposition table (kept from call to call otherwise)
 *
 * avail: (mask of player 0, mask of player 1); covers: ((cover, beneath), ...) for every face-down card
 * still under a face-up one (the cover is available, the beneath card belongs to the cover's owner);
 * trick: the cards of the current trick from the leader; trump -1 for no trumps; value: the tricks of
 * player `side` from this position on, the current trick included, both players playing perfectly.
 *
 * The search: null-window alpha-beta over single cards ("does player 0 take at least `need` tricks?")
 * driven at the root by a bisection over `need`; a transposition table at trick boundaries keyed by the
 * position's relative-rank layout: for each suit, its cards still in play from the top, each as its owner
 * and its place (available; available and covering the card of relative rank r of suit s; beneath a card),
 * with the leader, the trump and the rule. Positions that differ only in which cards of a suit have gone
 * play alike and share an entry. The layout is kept as a 128-bit fingerprint (two independent 64-bit
 * hashes of it). Each entry holds a lower and an upper bound on player 0's tricks to come and the lead that
 * last cut (by relative rank). The table is kept from one call to the next (the key names the whole
 * position): the calls of one deal's review share it.
 * Equivalent cards: two cards of one suit available to the player to move, neither covering a card,
 * with no card between them still in play (the current trick's cards separate) are one move. Move order:
 * the table's lead, then the top card of a suit, then low cards; a follower whose card is not winning
 * tries the cheapest card that wins, then low cards; one who is winning plays low.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;
#define NC 52
#define ONE(c) (1ULL << (c))
#define SUIT(s) (0x1FFFULL << (13 * (s)))
#define NOCARD 0xFF

static inline int bits(u64 x) { return __builtin_popcountll(x); }
static inline int low_card(u64 x) { return __builtin_ctzll(x); }

/* ------------------------------------------------------------------ the table */

typedef struct {
    u64 key, key2; /* the layout's fingerprint; gen 0: empty */
    uint32_t gen; /* the layout's generation that wrote it */
    int8_t lo, hi; /* bounds on player 0's tricks to come */
    uint8_t lead; /* the lead that last cut, suit << 4 | relative rank from the top; NOCARD none */
    uint8_t left; /* tricks to come (the replacement keeps the bigger) */
} Slot;

#define TABLE_BITS 19 /* buckets of WAYS slots: 2^21 slots, 48 MB */
#define WAYS 4
static Slot *table = NULL;
static uint32_t generation = 0;


static inline Slot *bucket(u64 key) {
    u64 h = (key ^ (key >> 31)) * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 32;
    return table + (size_t)(h >> (64 - TABLE_BITS)) * WAYS;
}

static Slot *lookup(u64 key, u64 key2) {
    Slot *b = bucket(key);
    for (int i = 0; i < WAYS; i++)
        if (b[i].gen == generation && b[i].key == key && b[i].key2 == key2) return &b[i];
    return NULL;
}

static Slot *claim(u64 key, u64 key2, int left) {
    Slot *b = bucket(key), *v = &b[0];
    for (int i = 0; i < WAYS; i++) {
        if (b[i].gen == generation && b[i].key == key && b[i].key2 == key2) return &b[i];
        if (b[i].gen != generation) {
            v = &b[i];
            break;
        }
        if (b[i].left < v->left) v = &b[i];
    }
    v->key = key;
    v->key2 = key2;
    v->gen = generation;
    v->lo = 0;
    v->hi = (int8_t)left;
    v->lead = NOCARD;
    v->left = (uint8_t)left;
    return v;
}

/* ------------------------------------------------------------------ the position */

typedef struct {
    u64 avail[2];
    u64 played; /* every card out of the hands: earlier tricks and the current one */
    u64 tmask;  /* the current trick's cards */
    int leader, k, win, left; /* left: tricks to come, the current one included */
    int tc[4];
} Pos;

typedef struct {
    Pos p;
    int8_t beneath[NC]; /* the card under a face-up card, -1 none */
    int trump, follows2;
    u64 nodes;
    int interrupted;
} S;

static inline int beats(int c, int w, int trump) {
    if (c / 13 == w / 13) return c > w;
    return c / 13 == trump;
}

static inline u64 legal(const S *s) {
    const Pos *p = &s->p;
    u64 a = p->avail[p->leader ^ (p->k & 1)];
    if (p->k == 0 || (p->k >= 2 && !s->follows2)) return a;
    u64 m = a & SUIT(p->tc[0] / 13);
    return m ? m : a;
}

/* The fingerprint of a position at a trick boundary (see the top); rel[c]: each card's relative rank. */
static void fingerprint(const S *s, u64 *k1, u64 *k2, int8_t *rel) {
    const Pos *p = &s->p;
    u64 live = ~p->played & ((1ULL << NC) - 1);
    u64 h1 = 0x243F6A8885A308D3ULL ^ (u64)(p->leader | (s->trump + 1) << 1 | s->follows2 << 4);
    u64 h2 = 0x13198A2E03707344ULL ^ (u64)(p->leader | (s->trump + 1) << 1 | s->follows2 << 4);
    for (int suit = 0; suit < 4; suit++) {
        int r = 0;
        for (int c = 13 * suit + 12; c >= 13 * suit; c--)
            if (live & ONE(c)) rel[c] = (int8_t)r++;
    }
    for (int suit = 0; suit < 4; suit++) {
        u64 m = live & SUIT(suit);
        u64 code = 0x100u | (u64)bits(m); /* the suit's length, then its cards from the top */
        for (int c = 13 * suit + 12;; c--) {
            h1 = (h1 ^ code) * 0x9E3779B97F4A7C15ULL;
            h2 = (h2 + code) * 0xC2B2AE3D27D4EB4FULL;
            h2 ^= h2 >> 29;
            while (c >= 13 * suit && !(m & ONE(c))) c--;
            if (c < 13 * suit) break;
            int owner = (int)((p->avail[1] >> c) & 1);
            if (!((p->avail[0] | p->avail[1]) & ONE(c)))
                code = 0; /* beneath a card: its cover names it */
            else if (s->beneath[c] < 0)
                code = 1u + (u64)owner;
            else
                code = 3u + (u64)owner + 2u * (u64)((s->beneath[c] / 13) << 4 | rel[(int)s->beneath[c]]);
        }
    }
    *k1 = h1;
    *k2 = h2;
}

/* The card of relative rank r (from the top) of suit among the cards still in play, -1 none. */
static int card_of_rel(const S *s, int suit, int r) {
    u64 live = ~s->p.played & SUIT(suit);
    for (int c = 13 * suit + 12; c >= 13 * suit; c--)
        if ((live & ONE(c)) && r-- == 0) return c;
    return -1;
}

/* Play c; returns 1 when it completes a trick won by player 0. */
static int play(S *s, int c) {
    Pos *p = &s->p;
    int who = p->leader ^ (p->k & 1);
    p->avail[who] &= ~ONE(c);
    if (s->beneath[c] >= 0) p->avail[who] |= ONE(s->beneath[c]);
    p->played |= ONE(c);
    p->tmask |= ONE(c);
    p->tc[p->k] = c;
    if (p->k > 0 && beats(c, p->tc[p->win], s->trump)) p->win = p->k;
    if (++p->k < 4) return 0;
    int winner = p->leader ^ (p->win & 1);
    p->leader = winner;
    p->k = p->win = 0;
    p->tmask = 0;
    p->left--;
    return winner == 0;
}

/* The moves to try, best first: the equivalent cards searched once. */
static int moves(const S *s, int *mv, int hint) {
    const Pos *p = &s->p;
    u64 leg = legal(s);
    u64 live = ~(p->played & ~p->tmask) & ((1ULL << NC) - 1); /* cards still in play or in this trick */
    int score[NC], n = 0;
    int w = p->k ? p->tc[p->win] : -1;
    int mine = p->k && ((p->leader ^ (p->win & 1)) == (p->leader ^ (p->k & 1)));
    for (u64 m = leg; m; m &= m - 1) {
        int c = low_card(m);
        int suit = c / 13;
        u64 above = live & SUIT(suit) & ~(ONE(c + 1) - 1);
        if (s->beneath[c] < 0 && above) {
            int d = low_card(above);
            if ((leg & ONE(d)) && s->beneath[d] < 0) continue; /* c and d touch: d stands for both */
        }
        int rank = c % 13, sc;
        if (c == hint) {
            sc = 1000;
        } else if (p->k == 0) {
            sc = above ? 100 - rank : 200 + rank; /* a suit's top card, then low leads */
            if (s->beneath[c] >= 0) sc += 5;     /* uncovering a card brings it into play */
        } else if (!mine && beats(c, w, s->trump)) {
            sc = 300 - rank - (suit == s->trump ? 20 : 0); /* the cheapest card that wins */
        } else {
            sc = 100 - rank - (suit == s->trump ? 20 : 0);
        }
        int i = n++;
        while (i > 0 && score[i - 1] < sc) {
            score[i] = score[i - 1];
            mv[i] = mv[i - 1];
            i--;
        }
        score[i] = sc;
        mv[i] = c;
    }
    return n;
}

/* Whether player 0 takes at least `need` tricks from here (the current trick included). */
static int search(S *s, int need) {
    Pos *p = &s->p;
    if (s->interrupted) return 0;
    if ((++s->nodes & 0xFFFFF) == 0 && PyErr_CheckSignals() < 0) {
        s->interrupted = 1;
        return 0;
    }
    int hint = -1;
    u64 key = 0, key2 = 0;
    int8_t rel[NC];
    if (p->k == 0) {
        if (need <= 0) return 1;
        if (need > p->left) return 0;
        fingerprint(s, &key, &key2, rel);
        Slot *e = lookup(key, key2);
        if (e) {
            if (e->lo >= need) return 1;
            if (e->hi < need) return 0;
            if (e->lead != NOCARD) hint = card_of_rel(s, e->lead >> 4, e->lead & 15);
        }
    }
    int mover = p->leader ^ (p->k & 1);
    int mv[NC];
    int n = moves(s, mv, hint);
    int result = mover != 0, cut = -1;
    Pos saved = *p;
    for (int i = 0; i < n; i++) {
        int won = play(s, mv[i]);
        int r = search(s, need - won);
        *p = saved;
        if (s->interrupted) return 0;
        if (r == (mover == 0)) {
            result = r;
            cut = mv[i];
            break;
        }
    }
    if (p->k == 0) {
        Slot *e = claim(key, key2, p->left);
        if (result) {
            if (e->lo < need) e->lo = (int8_t)need;
        } else if (e->hi >= need) {
            e->hi = (int8_t)(need - 1);
        }
        if (cut >= 0) e->lead = (uint8_t)((cut / 13) << 4 | rel[cut]);
    }
    return result;
}

/* Player 0's tricks from here, exactly. */
static int value0(S *s) {
    int lo = 0, hi = s->p.left;
    while (lo < hi && !s->interrupted) {
        int mid = (lo + hi + 1) / 2;
        if (search(s, mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* ------------------------------------------------------------------ arguments */

static int card_arg(PyObject *o, const char *what, int *out) {
    long v = PyLong_Check(o) ? PyLong_AsLong(o) : -2;
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v >= NC) {
        PyErr_Format(PyExc_ValueError, "%s must be a card 0..51", what);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int mask_arg(PyObject *o, u64 *out) {
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "avail must hold two int masks");
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (PyErr_Occurred() || v >> NC) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "avail must hold masks of cards 0..51");
        return -1;
    }
    *out = (u64)v;
    return 0;
}

/* Parse the arguments into s; make the table's layout agree (a new generation when it does not). */
static int parse(PyObject *args, PyObject *kw, const char *fmt, S *s, int *side) {
    static char *names[] = {"avail", "covers", "leader", "trick", "trump", "second_follows", "side", NULL};
    PyObject *avail_o, *covers_o, *trick_o;
    int leader, trump, follows;
    if (!PyArg_ParseTupleAndKeywords(args, kw, fmt, names, &avail_o, &covers_o, &leader, &trick_o, &trump, &follows,
                                     side))
        return -1;
    memset(s, 0, sizeof *s);
    memset(s->beneath, -1, sizeof s->beneath);
    if (!PyTuple_Check(avail_o) || PyTuple_GET_SIZE(avail_o) != 2 || !PyTuple_Check(covers_o) ||
        !PyTuple_Check(trick_o)) {
        PyErr_SetString(PyExc_TypeError, "avail must be a pair of masks; covers and trick tuples");
        return -1;
    }
    if (leader < 0 || leader > 1 || *side < 0 || *side > 1 || trump < -1 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "leader and side must be 0 or 1, trump -1..3");
        return -1;
    }
    Pos *p = &s->p;
    for (int i = 0; i < 2; i++)
        if (mask_arg(PyTuple_GET_ITEM(avail_o, i), &p->avail[i]) < 0) return -1;
    if (p->avail[0] & p->avail[1]) {
        PyErr_SetString(PyExc_ValueError, "a card is available to both players");
        return -1;
    }
    u64 present = p->avail[0] | p->avail[1];
    int held[2] = {bits(p->avail[0]), bits(p->avail[1])};
    int8_t owner[NC];
    memset(owner, -1, sizeof owner);
    for (int c = 0; c < NC; c++)
        if (present & ONE(c)) owner[c] = (int8_t)((p->avail[1] >> c) & 1);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(covers_o); i++) {
        PyObject *pair = PyTuple_GET_ITEM(covers_o, i);
        int top, under;
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "covers must hold (cover, beneath) pairs");
            return -1;
        }
        if (card_arg(PyTuple_GET_ITEM(pair, 0), "a cover", &top) < 0 ||
            card_arg(PyTuple_GET_ITEM(pair, 1), "a card beneath", &under) < 0)
            return -1;
        if (!(present & ONE(top)) || (present & ONE(under)) || s->beneath[top] >= 0) {
            PyErr_SetString(PyExc_ValueError, "a cover must be available and cover one card not available");
            return -1;
        }
        s->beneath[top] = (int8_t)under;
        present |= ONE(under);
        owner[under] = owner[top];
        held[(int)owner[top]]++;
    }
    Py_ssize_t nt = PyTuple_GET_SIZE(trick_o);
    if (nt > 3) {
        PyErr_SetString(PyExc_ValueError, "a trick in progress holds at most three cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nt; i++) {
        int c;
        if (card_arg(PyTuple_GET_ITEM(trick_o, i), "a trick card", &c) < 0) return -1;
        if ((present | p->tmask) & ONE(c)) {
            PyErr_SetString(PyExc_ValueError, "a trick card is still held or in the trick twice");
            return -1;
        }
        p->tc[i] = c;
        p->tmask |= ONE(c);
        if (i > 0 && beats(c, p->tc[p->win], trump)) p->win = (int)i;
    }
    /* each player plays two cards to every trick */
    int by_leader = held[leader] + (int)(nt + 1) / 2, by_other = held[1 - leader] + (int)nt / 2;
    if (by_leader != by_other || by_leader % 2) {
        PyErr_SetString(PyExc_ValueError, "the players' cards do not make whole tricks of four");
        return -1;
    }
    p->leader = leader;
    p->k = (int)nt;
    p->left = by_leader / 2;
    p->played = ((1ULL << NC) - 1) & ~present;
    s->trump = trump;
    s->follows2 = follows != 0;
    if (table == NULL) {
        table = (Slot *)calloc((size_t)WAYS << TABLE_BITS, sizeof(Slot));
        if (table == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        generation = 1;
    }
    return 0;
}

static inline int of_side(const S *s, int v0, int side) { return side == 0 ? v0 : s->p.left - v0; }

PyDoc_STRVAR(solve_doc,
             "solve(avail, covers, leader, trick, trump, second_follows, side) -> (value, nodes)\n\n"
             "Player side's tricks from this position on (the current trick included) under best play, and\n"
             "the nodes searched. ValueError on bad input.");

static PyObject *th_solve(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    S s;
    int side;
    if (parse(args, kw, "OOiOipi:solve", &s, &side) < 0) return NULL;
    int v = of_side(&s, value0(&s), side);
    if (s.interrupted) return NULL;
    return Py_BuildValue("(iK)", v, (unsigned long long)s.nodes);
}

PyDoc_STRVAR(best_moves_doc,
             "best_moves(avail, covers, leader, trick, trump, second_follows, side) -> [(card, value)]\n\n"
             "Every legal card of the player to move, ascending, with player side's tricks from this position\n"
             "on (the current trick included) after it. Empty when no cards are left.");

static PyObject *th_best_moves(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    S s;
    int side;
    if (parse(args, kw, "OOiOipi:best_moves", &s, &side) < 0) return NULL;
    int card[NC], value[NC], n = 0;
    int left = s.p.left;
    Pos start = s.p;
    for (u64 m = left ? legal(&s) : 0; m; m &= m - 1) {
        card[n] = low_card(m);
        int v0 = play(&s, card[n]);
        v0 += value0(&s);
        s.p = start;
        if (s.interrupted) return NULL;
        value[n++] = side == 0 ? v0 : left - v0;
    }
    PyObject *out = PyList_New(n);
    for (int i = 0; out != NULL && i < n; i++) {
        PyObject *t = Py_BuildValue("(ii)", card[i], value[i]);
        if (t == NULL) Py_CLEAR(out);
        else PyList_SET_ITEM(out, i, t);
    }
    return out;
}

static PyObject *th_clear(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    if (++generation == 0) { /* wrapped: every slot is forgotten at once */
        if (table != NULL) memset(table, 0, sizeof(Slot) * ((size_t)WAYS << TABLE_BITS));
        generation = 1;
    }
    Py_RETURN_NONE;
}

static PyMethodDef th_methods[] = {
    {"clear", th_clear, METH_NOARGS, "clear()\n\nForget every position the table holds (a cold start, for timing)."},
    {"solve", (PyCFunction)(void (*)(void))th_solve, METH_VARARGS | METH_KEYWORDS, solve_doc},
    {"best_moves", (PyCFunction)(void (*)(void))th_best_moves, METH_VARARGS | METH_KEYWORDS, best_moves_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef th_module = {
    PyModuleDef_HEAD_INIT, "cardroom.solve._twohand",
    "The exact open-hand solver of two-handed bridge (see cardroom.solve.twohand).", -1, th_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__twohand(void) { return PyModule_Create(&th_module); }
