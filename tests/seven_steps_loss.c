/* Seven Steps' least chance to lose, a second route written apart from pnp's solver: another
 * language, the loss minimised (not the win maximised, so a loss near one in a billion keeps all
 * its figures), states visited only when reached from the start, memoised, every roll of the
 * activated dice enumerated as a sorted multiset with its multinomial weight.
 *
 * The rules, as the plain recursion in test_seven_steps_score.py reads them: a day rolls the
 * challenge die; before the day's first roll of the pool dice the challenge die may be set to
 * another face for the Virgil pips that costs (+1, -1 or a flip each); a turn activates a pool
 * die, claims a pip (a die leaves the reserve and joins the roll), or rolls the activated dice;
 * a roll passes with u of its dice if their faces, turned for pips ready, meet the terrace's
 * test, or fails (unless it meets the test as it lies), and a failed roll sends a reserve die to
 * the sun (none left: the climb is lost). After a pass the moon's dice return to the pool and the
 * sun's and the unused activated dice go to the moon; the dice used are scored (reserve).
 *
 * Input on stdin: steps pool spares pips more, then for every step and challenge 1..6 the
 * flags met(total) for totals 0 .. 6 * (pool + spares). Output: the least loss, %.17g. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 12
#define MAXSTEPS 12
#define MAXPIPS 16
#define INF 1000

static int steps, n, start_pips, more, ready_dim, claim_dim;
static int cost[7][7];
static unsigned char met[MAXSTEPS][7][6 * MAXN + 1];

/* the rolls of a dice: faces sorted, their chance, and for each step, challenge and u the fewest pips */
typedef struct {
    int count;
    double *chance;
    unsigned char *need; /* [roll][step][challenge 0..5][u - 1] */
} Rolls;
static Rolls rolls[MAXN + 1];

static void pip_costs(void) {
    for (int a = 1; a <= 6; a++) {
        int dist[7];
        for (int f = 1; f <= 6; f++) dist[f] = -1;
        int queue[6], head = 0, tail = 0;
        dist[a] = 0;
        queue[tail++] = a;
        while (head < tail) {
            int f = queue[head++];
            int next[3] = {f + 1, f - 1, 7 - f};
            for (int k = 0; k < 3; k++)
                if (next[k] >= 1 && next[k] <= 6 && dist[next[k]] < 0) {
                    dist[next[k]] = dist[f] + 1;
                    queue[tail++] = next[k];
                }
        }
        for (int f = 1; f <= 6; f++) cost[a][f] = dist[f];
    }
}

static double factorial(int k) { return k <= 1 ? 1.0 : k * factorial(k - 1); }

/* least[u][t]: the fewest pips that turn some u of the faces into faces totalling t */
static void least_costs(const int *faces, int a, int least[MAXN + 1][6 * MAXN + 1]) {
    for (int u = 0; u <= a; u++)
        for (int t = 0; t <= 6 * a; t++) least[u][t] = INF;
    least[0][0] = 0;
    for (int i = 0; i < a; i++)
        for (int u = i; u >= 0; u--)
            for (int t = 6 * u; t >= 0; t--) {
                if (least[u][t] >= INF) continue;
                for (int y = 1; y <= 6; y++) {
                    int c = least[u][t] + cost[faces[i]][y];
                    if (c < least[u + 1][t + y]) least[u + 1][t + y] = c;
                }
            }
}

static void add_roll(int a, const int *faces) {
    Rolls *r = &rolls[a];
    int i = r->count++;
    int stride = steps * 6 * a;
    r->chance = realloc(r->chance, sizeof(double) * r->count);
    r->need = realloc(r->need, (size_t)stride * r->count);
    int shown[7] = {0};
    for (int k = 0; k < a; k++) shown[faces[k]]++;
    double ways = factorial(a);
    for (int f = 1; f <= 6; f++) ways /= factorial(shown[f]);
    r->chance[i] = ways / pow(6.0, a);
    static int least[MAXN + 1][6 * MAXN + 1];
    least_costs(faces, a, least);
    for (int s = 0; s < steps; s++)
        for (int c = 0; c < 6; c++)
            for (int u = 1; u <= a; u++) {
                int best = INF;
                for (int t = u; t <= 6 * u; t++)
                    if (met[s][c + 1][t] && least[u][t] < best) best = least[u][t];
                r->need[(size_t)i * stride + (s * 6 + c) * a + (u - 1)] = best > 250 ? 250 : best;
            }
}

static void every_roll(int a, int k, int low, int *faces) {
    if (k == a) {
        add_roll(a, faces);
        return;
    }
    for (int f = low; f <= 6; f++) {
        faces[k] = f;
        every_roll(a, k + 1, f, faces);
    }
}

/* memo of the turns (and the turns that keep the challenge die): index by the dice's places */
static int place[MAXN + 1][MAXN + 1][MAXN + 1][MAXN + 1];
static int places;
static double *turns, *kept, *days;

static size_t turn_index(int step, int moon, int c, int a, int pool, int sun, int ready, int claim) {
    size_t i = (size_t)step * places + place[moon][a][pool][sun];
    return ((i * 6 + (c - 1)) * ready_dim + ready) * claim_dim + claim;
}

static double turn(int step, int moon, int c, int a, int pool, int sun, int ready, int claim);

static double day(int step, int pool, int moon, int ready, int claim) {
    size_t i = ((((size_t)step * (n + 1) + pool) * (n + 1) + moon) * ready_dim + ready) * claim_dim + claim;
    if (!isnan(days[i])) return days[i];
    double total = 0;
    for (int c = 1; c <= 6; c++) total += turn(step, moon, c, 0, pool, 0, ready, claim);
    return days[i] = total / 6;
}

static double roll(int step, int moon, int c, int a, int pool, int sun, int ready, int claim) {
    int reserve = n - moon - a - pool - sun;
    double fail = reserve ? turn(step, moon, c, a, pool, sun + 1, ready, claim) : 1.0;
    const Rolls *r = &rolls[a];
    int stride = steps * 6 * a;
    double total = 0;
    for (int i = 0; i < r->count; i++) {
        const unsigned char *need = r->need + (size_t)i * stride + ((step * 6) + (c - 1)) * a;
        double best = 1.0;
        int as_it_lies = 0;
        for (int u = 1; u <= a; u++) {
            if (need[u - 1] == 0) as_it_lies = 1;
            if (need[u - 1] > ready) continue;
            double after = step == steps - 1
                               ? 0.0
                               : day(step + 1, pool + moon, sun + a - u, ready - need[u - 1], claim);
            if (after < best) best = after;
        }
        if (!as_it_lies && fail < best) best = fail;
        total += r->chance[i] * best;
    }
    return total;
}

static double keep(int step, int moon, int c, int a, int pool, int sun, int ready, int claim) {
    size_t i = turn_index(step, moon, c, a, pool, sun, ready, claim);
    if (!isnan(kept[i])) return kept[i];
    int reserve = n - moon - a - pool - sun;
    double best = 1.0;
    if (a) {
        double v = roll(step, moon, c, a, pool, sun, ready, claim);
        if (v < best) best = v;
    }
    if (pool) {
        double v = turn(step, moon, c, a + 1, pool - 1, sun, ready, claim);
        if (v < best) best = v;
    }
    if (claim && reserve) {
        double v = turn(step, moon, c, a + 1, pool, sun, ready + 1, claim - 1);
        if (v < best) best = v;
    }
    return kept[i] = best;
}

static double turn(int step, int moon, int c, int a, int pool, int sun, int ready, int claim) {
    size_t i = turn_index(step, moon, c, a, pool, sun, ready, claim);
    if (!isnan(turns[i])) return turns[i];
    double best = keep(step, moon, c, a, pool, sun, ready, claim);
    if (!sun)
        for (int f = 1; f <= 6; f++)
            if (f != c && cost[c][f] <= ready) {
                double v = keep(step, moon, f, a, pool, sun, ready - cost[c][f], claim);
                if (v < best) best = v;
            }
    return turns[i] = best;
}

int main(void) {
    int pool, spares;
    if (scanf("%d %d %d %d %d", &steps, &pool, &spares, &start_pips, &more) != 5) return 2;
    n = pool + spares;
    if (steps > MAXSTEPS || n > MAXN || start_pips + more > MAXPIPS) return 2;
    for (int s = 0; s < steps; s++)
        for (int c = 1; c <= 6; c++)
            for (int t = 0; t <= 6 * n; t++) {
                int flag;
                if (scanf("%d", &flag) != 1) return 2;
                met[s][c][t] = (unsigned char)flag;
            }
    pip_costs();
    int faces[MAXN];
    for (int a = 1; a <= n; a++) every_roll(a, 0, 1, faces);
    for (int m = 0; m <= n; m++)
        for (int a = 0; a <= n - m; a++)
            for (int p = 0; p <= n - m - a; p++)
                for (int s = 0; s <= n - m - a - p; s++) place[m][a][p][s] = places++;
    ready_dim = start_pips + more + 1;
    claim_dim = more + 1;
    size_t size = (size_t)steps * places * 6 * ready_dim * claim_dim;
    size_t day_size = (size_t)steps * (n + 1) * (n + 1) * ready_dim * claim_dim;
    turns = malloc(sizeof(double) * size);
    kept = malloc(sizeof(double) * size);
    days = malloc(sizeof(double) * day_size);
    for (size_t i = 0; i < size; i++) turns[i] = kept[i] = NAN;
    for (size_t i = 0; i < day_size; i++) days[i] = NAN;
    printf("%.17g\n", day(0, pool, 0, start_pips, more));
    return 0;
}
