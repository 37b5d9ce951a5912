package searchbeam

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	// The filesystems files may be read from and written to: local paths
	// and gs://.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn3x1[context.Context, string, func(string, string), error](&readLinesFn{})
	register.DoFn4x0[context.Context, string, string, func(string, string)](&solveLineFn{})
	register.DoFn4x1[context.Context, string, func(*string) bool, func(string), error](&writeOrderedFn{})
	register.Emitter1[string]()
	register.Emitter2[string, string]()
	register.Iter1[string]()
}

// SolveFiles adds to s a pipeline that solves every puzzle line of the
// files that patterns name (paths or globs on any filesystem Beam has
// registered: local paths, gs://...) and writes each file's answers, one
// JSON Answer a line in input order, to OutputPath(file, outDir). It
// returns the paths written.
//
// Lines are read by one worker per file, then spread over the workers
// (a reshuffle), solved with SolveLine, grouped by file and sorted by line
// number before writing.
func SolveFiles(s beam.Scope, patterns []string, outDir string, opt Options) beam.PCollection {
	s = s.Scope("SolveFiles")
	files := beam.Create(s, anySlice(patterns)...)
	lines := beam.ParDo(s, &readLinesFn{}, files) // KV<file, "n\ttext">
	lines = beam.Reshuffle(s, lines)
	answers := beam.ParDo(s, &solveLineFn{optionsFn{Opt: encodeOptions(opt)}}, lines) // KV<file, "n\tjson">
	return beam.ParDo(s, &writeOrderedFn{OutDir: outDir}, beam.GroupByKey(s, answers))
}

// OutputPath returns where SolveFiles writes the answers to file: beside
// it, or in outDir when it is not "", named after it with ".answers.jsonl"
// appended.
func OutputPath(file, outDir string) string {
	if outDir == "" {
		return file + ".answers.jsonl"
	}
	return strings.TrimSuffix(outDir, "/") + "/" + path.Base(file) + ".answers.jsonl"
}

func anySlice(xs []string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// encodeOptions writes opt as JSON, the form DoFns carry it in.
func encodeOptions(opt Options) string {
	data, _ := json.Marshal(opt)
	return string(data)
}

func decodeOptions(s string) (Options, error) {
	var opt Options
	err := json.Unmarshal([]byte(s), &opt)
	return opt, err
}

// optionsFn is the part of a DoFn that carries the Options: Opt, the
// Options as JSON (a DoFn's exported fields are what Beam ships to its
// workers), decoded into opt by Setup on each worker.
type optionsFn struct {
	Opt string
	opt Options
}

// Setup decodes Opt.
func (f *optionsFn) Setup() error {
	var err error
	f.opt, err = decodeOptions(f.Opt)
	return err
}

// readLinesFn reads the files matching a pattern and emits each line
// keyed by its file, as "number<TAB>text".
type readLinesFn struct{}

func (f *readLinesFn) ProcessElement(ctx context.Context, pattern string, emit func(string, string)) error {
	return withFilesystem(ctx, pattern, func(fs filesystem.Interface) error {
		files, err := fs.List(ctx, pattern)
		if err != nil {
			return fmt.Errorf("listing %s: %w", pattern, err)
		}
		if len(files) == 0 {
			return fmt.Errorf("no file matches %s", pattern)
		}
		for _, file := range files {
			r, err := fs.OpenRead(ctx, file)
			if err != nil {
				return err
			}
			sc := bufio.NewScanner(r)
			sc.Buffer(make([]byte, 64*1024), 1<<20)
			n := 0
			for sc.Scan() {
				n++
				emit(file, strconv.Itoa(n)+"\t"+sc.Text())
			}
			err = sc.Err()
			r.Close()
			if err != nil {
				return fmt.Errorf("%s: line %d: %w", file, n+1, err)
			}
		}
		return nil
	})
}

// solveLineFn solves one line, keeping its file and number.
type solveLineFn struct {
	optionsFn
}

func (f *solveLineFn) ProcessElement(ctx context.Context, file, numbered string, emit func(string, string)) {
	ns, text, _ := strings.Cut(numbered, "\t")
	n, _ := strconv.Atoi(ns)
	a, ok := SolveLine(ctx, n, text, f.opt)
	if !ok {
		return
	}
	data, _ := json.Marshal(a)
	emit(file, ns+"\t"+string(data))
}

// writeOrderedFn writes a file's answers sorted by line number.
type writeOrderedFn struct {
	OutDir string
}

func (f *writeOrderedFn) ProcessElement(ctx context.Context, file string, answers func(*string) bool, emit func(string)) error {
	type numbered struct {
		n    int
		text string
	}
	var all []numbered
	var a string
	for answers(&a) {
		ns, text, _ := strings.Cut(a, "\t")
		n, _ := strconv.Atoi(ns)
		all = append(all, numbered{n, text})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].n < all[j].n })
	out := OutputPath(file, f.OutDir)
	err := withFilesystem(ctx, out, func(fs filesystem.Interface) error {
		w, err := fs.OpenWrite(ctx, out)
		if err != nil {
			return err
		}
		bw := bufio.NewWriter(w)
		for _, x := range all {
			bw.WriteString(x.text)
			bw.WriteByte('\n')
		}
		if err := bw.Flush(); err != nil {
			w.Close()
			return err
		}
		return w.Close()
	})
	if err != nil {
		return err
	}
	emit(out)
	return nil
}

// withFilesystem opens the Beam filesystem that serves path (local, gs://,
// memfs://, by its scheme), calls f with it and closes it.
func withFilesystem(ctx context.Context, path string, f func(filesystem.Interface) error) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	return f(fs)
}
