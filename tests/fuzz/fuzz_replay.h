/* tests/fuzz/fuzz_replay.h - the harnesses' main without libFuzzer (-DFUZZ_STANDALONE): each
   file named on the command line is one input, run through LLVMFuzzerTestOneInput; "FILE: ok"
   when no invariant fails. Include last, after the harness's LLVMFuzzerTestOneInput. */
#ifdef FUZZ_STANDALONE
int main(int argc, char **argv) {
    int a;
    for (a = 1; a < argc; ++a) {
        FILE *f = fopen(argv[a], "rb");
        unsigned char *buf;
        long len;
        if (!f) { perror(argv[a]); return 2; }
        fseek(f, 0, SEEK_END);
        len = ftell(f);
        fseek(f, 0, SEEK_SET);
        buf = (unsigned char *)malloc((size_t)(len > 0 ? len : 1));
        if (len > 0 && fread(buf, 1, (size_t)len, f) != (size_t)len) { perror(argv[a]); return 2; }
        fclose(f);
        LLVMFuzzerTestOneInput(buf, (size_t)len);
        free(buf);
        printf("%s: ok\n", argv[a]);
    }
    return 0;
}
#endif
