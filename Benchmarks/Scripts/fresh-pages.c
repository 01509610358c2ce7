// What fresh memory costs a call on this machine: a thread allocates, writes and frees the document benchmark's
// output sizes (runs 1.2 MB, plain text 750 KB, segments 700 KB) 200 times, as the benchmark's thread does, and
// prints the time a call. Mode 1 first asks the kernel to fault each block in at once (MADV_POPULATE_WRITE,
// Linux 5.14+) instead of page by page.
//
//     cc -O2 Scripts/fresh-pages.c -o /tmp/fresh-pages -lpthread
//     /tmp/fresh-pages 0; /tmp/fresh-pages 1
//     perf stat -e page-faults /tmp/fresh-pages 0
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

static int mode;

static double nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e9 + now.tv_nsec;
}

static void *run(void *unused) {
    (void)unused;
    const size_t sizes[3] = {1200 * 1024, 750 * 1024, 700 * 1024};
    const int calls = 200;
    double total = 0;
    for (int call = 0; call < calls; call++) {
        double start = nanoseconds();
        char *blocks[3];
        for (int index = 0; index < 3; index++) {
            size_t size = sizes[index];
            char *block = malloc(size);
            if (block == NULL) return NULL;
            blocks[index] = block;
            if (mode == 1) {
                uintptr_t first = ((uintptr_t)block + 4095) & ~(uintptr_t)4095;
                uintptr_t end = ((uintptr_t)block + size) & ~(uintptr_t)4095;
                if (madvise((void *)first, end - first, MADV_POPULATE_WRITE) != 0) perror("madvise");
            }
            for (size_t offset = 0; offset < size; offset += 64) block[offset] = (char)offset;
        }
        for (int index = 0; index < 3; index++) free(blocks[index]);
        total += nanoseconds() - start;
    }
    printf("mode %d: %.0f us a call for 2.6 MB of fresh memory\n", mode, total / calls / 1000);
    return NULL;
}

int main(int argc, char **argv) {
    mode = argc > 1 ? atoi(argv[1]) : 0;
    pthread_t thread;
    pthread_create(&thread, NULL, run, NULL);
    pthread_join(thread, NULL);
    return 0;
}
