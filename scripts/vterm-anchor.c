/* The libvterm side of `scripts/bench emulator`: how fast a mature C emulator takes
 * the same bytes, so Drover's numbers are ratios measured in one run on one machine
 * rather than absolute figures that drift with the hardware.
 *
 * Build: cc -O2 scripts/vterm-anchor.c $(pkg-config --cflags --libs vterm) -o vterm-anchor
 * Run:   vterm-anchor FILE [COLS ROWS [PASSES]]   (defaults 120 40 3)
 * Prints "libvterm FILE N MiB/s": the best pass. Only feeding is timed (the file is read
 * first); the input goes in 64 KiB pieces, as a relay reading a socket hands it over, and
 * the screen layer (cells, alternate screen, damage) is on, as Drover's always is. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <vterm.h>

enum { PIECE = 64 * 1024 };

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Replies (DA, CPR, ...) have nowhere to go in a benchmark. */
static void drop_reply(const char *bytes, size_t length, void *context) {
  (void)bytes; (void)length; (void)context;
}

static char *read_whole(const char *path, long *length) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  char *bytes = NULL;
  if (fseek(file, 0, SEEK_END) == 0 && (*length = ftell(file)) >= 0 && fseek(file, 0, SEEK_SET) == 0) {
    bytes = malloc(*length > 0 ? (size_t)*length : 1);
    if (bytes && fread(bytes, 1, (size_t)*length, file) != (size_t)*length) { free(bytes); bytes = NULL; }
  }
  fclose(file);
  return bytes;
}

static double one_pass(const char *bytes, long length, int cols, int rows) {
  VTerm *term = vterm_new(rows, cols);
  vterm_set_utf8(term, 1);
  vterm_output_set_callback(term, drop_reply, NULL);
  VTermScreen *screen = vterm_obtain_screen(term);
  vterm_screen_enable_altscreen(screen, 1);
  vterm_screen_reset(screen, 1);
  double start = seconds();
  for (long at = 0; at < length; at += PIECE) {
    long piece = length - at < PIECE ? length - at : PIECE;
    vterm_input_write(term, bytes + at, (size_t)piece);
  }
  vterm_screen_flush_damage(screen);
  double elapsed = seconds() - start;
  vterm_free(term);
  return elapsed;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 4 && argc != 5) {
    fprintf(stderr, "usage: %s FILE [COLS ROWS [PASSES]]\n", argv[0]);
    return 2;
  }
  int cols = argc >= 4 ? atoi(argv[2]) : 120, rows = argc >= 4 ? atoi(argv[3]) : 40;
  int passes = argc == 5 ? atoi(argv[4]) : 3;
  if (cols < 1 || rows < 1 || passes < 1) {
    fprintf(stderr, "%s: COLS, ROWS and PASSES must be positive numbers\n", argv[0]);
    return 2;
  }
  long length = 0;
  char *bytes = read_whole(argv[1], &length);
  if (!bytes) { perror(argv[1]); return 1; }
  double best = -1;
  for (int pass = 0; pass < passes; pass++) {
    double elapsed = one_pass(bytes, length, cols, rows);
    if (best < 0 || elapsed < best) best = elapsed;
  }
  printf("libvterm %s %.1f MiB/s\n", argv[1], (double)length / (1024.0 * 1024.0) / best);
  free(bytes);
  return 0;
}
