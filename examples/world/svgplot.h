/* svgplot.h - line charts as SVG files, for the demo's own pictures (no dependency).

   svg_plot(path, title, xlabel, ylabel, series, count) draws each series (x, y, n points,
   label, dashed) on linear axes with ticks, a legend and the title; returns 0 when written.
   csv_column(path, name, &n) reads one column of a CSV file with a header line into a
   malloc'd array (NULL when the file or the column is missing). Only demo.c includes it. */
#ifndef SVGPLOT_H_INCLUDED
#define SVGPLOT_H_INCLUDED

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct svg_series {
    const double *x, *y;
    int n;
    const char *label;
    int dashed;
} svg_series;

/* a column of a CSV file (header line, comma-separated numbers) */
static double *csv_column(const char *path, const char *name, int *count) {
    FILE *f = fopen(path, "r");
    char line[4096];
    double *out = NULL;
    int col = -1, n = 0, cap = 0, c;
    *count = 0;
    if (!f) return NULL;
    if (fgets(line, sizeof(line), f)) {
        char *tok = strtok(line, ",\r\n");
        for (c = 0; tok; ++c, tok = strtok(NULL, ",\r\n"))
            if (!strcmp(tok, name)) col = c;
    }
    while (col >= 0 && fgets(line, sizeof(line), f)) {
        char *p = line;
        for (c = 0; c < col && p; ++c) {
            p = strchr(p, ',');
            if (p) ++p;
        }
        if (!p) continue;
        if (n == cap) {
            double *grown;
            cap = cap ? 2 * cap : 1024;
            grown = (double *)realloc(out, (size_t)cap * sizeof(double));
            if (!grown) break;
            out = grown;
        }
        out[n++] = atof(p);
    }
    fclose(f);
    *count = n;
    if (n == 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* a "nice" tick step for a span: 1, 2 or 5 times a power of ten, about 5 ticks */
static double svg__step(double span) {
    double p = pow(10, floor(log10(span / 5))), r = span / 5 / p;
    return p * (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10);
}

static void svg__text(FILE *f, const char *s) { /* XML-escaped */
    for (; *s; ++s) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else fputc(*s, f);
    }
}

static int svg_plot(const char *path, const char *title, const char *xlabel, const char *ylabel,
                    const svg_series *s, int count) {
    static const char *const colors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                         "#8c564b", "#e377c2", "#7f7f7f"};
    const double W = 640, H = 400, L = 80, R = 20, T = 40, B = 55;
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300, v, st;
    int i, k;
    FILE *f;
    for (i = 0; i < count; ++i)
        for (k = 0; k < s[i].n; ++k) {
            if (s[i].x[k] < x0) x0 = s[i].x[k];
            if (s[i].x[k] > x1) x1 = s[i].x[k];
            if (s[i].y[k] < y0) y0 = s[i].y[k];
            if (s[i].y[k] > y1) y1 = s[i].y[k];
        }
    if (x0 > x1) return 1;
    if (x1 - x0 < 1e-300) x1 = x0 + 1;
    if (y1 - y0 < 1e-12 * (fabs(y0) + fabs(y1)) + 1e-300) { y0 -= 1; y1 += 1; }
    v = 0.05 * (y1 - y0);
    y0 -= v;
    y1 += v;
    f = fopen(path, "w");
    if (!f) return 1;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
               "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", W, H);
    fprintf(f, "<text x=\"%g\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">", W / 2);
    svg__text(f, title);
    fprintf(f, "</text>\n<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" stroke=\"black\"/>\n",
            L, T, W - L - R, H - T - B);
#define SVG_X(x) (L + ((x) - x0) / (x1 - x0) * (W - L - R))
#define SVG_Y(y) (H - B - ((y) - y0) / (y1 - y0) * (H - T - B))
    st = svg__step(x1 - x0);
    for (v = ceil(x0 / st) * st; v <= x1 + 1e-9 * st; v += st)
        fprintf(f, "<line x1=\"%.1f\" y1=\"%g\" x2=\"%.1f\" y2=\"%g\" stroke=\"#ddd\"/><text x=\"%.1f\" y=\"%g\" "
                   "text-anchor=\"middle\">%.4g</text>\n", SVG_X(v), T, SVG_X(v), H - B, SVG_X(v), H - B + 16,
                fabs(v) < 1e-12 * st ? 0.0 : v);
    st = svg__step(y1 - y0);
    for (v = ceil(y0 / st) * st; v <= y1 + 1e-9 * st; v += st)
        fprintf(f, "<line x1=\"%g\" y1=\"%.1f\" x2=\"%g\" y2=\"%.1f\" stroke=\"#ddd\"/><text x=\"%g\" y=\"%.1f\" "
                   "text-anchor=\"end\">%.4g</text>\n", L, SVG_Y(v), W - R, SVG_Y(v), L - 5, SVG_Y(v) + 4,
                fabs(v) < 1e-12 * st ? 0.0 : v);
    fprintf(f, "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">", (L + W - R) / 2, H - 12);
    svg__text(f, xlabel);
    fprintf(f, "</text>\n<text x=\"16\" y=\"%g\" text-anchor=\"middle\" transform=\"rotate(-90 16 %g)\">",
            (T + H - B) / 2, (T + H - B) / 2);
    svg__text(f, ylabel);
    fprintf(f, "</text>\n");
    for (i = 0; i < count; ++i) {
        const char *c = colors[i % 8];
        int stride = s[i].n > 2000 ? s[i].n / 2000 : 1; /* at most about 2000 points a line */
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s points=\"", c,
                s[i].dashed ? " stroke-dasharray=\"6 4\"" : "");
        for (k = 0; k < s[i].n; k += stride) fprintf(f, "%.1f,%.1f ", SVG_X(s[i].x[k]), SVG_Y(s[i].y[k]));
        fprintf(f, "\"/>\n<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" stroke-width=\"2\"%s/>"
                   "<text x=\"%g\" y=\"%g\">", L + 12, T + 16 + 16 * i, L + 36, T + 16 + 16 * i, c,
                s[i].dashed ? " stroke-dasharray=\"6 4\"" : "", L + 42, T + 20 + 16 * i);
        svg__text(f, s[i].label);
        fprintf(f, "</text>\n");
    }
#undef SVG_X
#undef SVG_Y
    fprintf(f, "</svg>\n");
    return fclose(f) != 0;
}

#endif /* SVGPLOT_H_INCLUDED */
