// Command searchbeam runs searchlab's Beam pipelines: --pipeline solve
// solves every line of puzzle files (Sudoku, sliding tiles, one-stroke
// boards, or lines of all three, each led by its kind) and writes each
// file's answers in input order; --pipeline units solves hard sliding-tile
// boards by IDA* work units, one bound per stage.
//
// It runs on Prism in this process by default; --runner flink,
// --runner dataflow or --runner spark (with their usual flags, such as
// --endpoint, --project, --region, --staging_location) submit the same
// binary's pipeline to a cluster. Inputs and outputs may be on any
// filesystem Beam registers (local paths, gs://...).
//
// Examples:
//
//	searchbeam --pipeline solve --input 'puzzles/*.txt' --kind mixed --out answers/
//	searchbeam --pipeline units --input hard24.txt --depth 12 --stages 12
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/searchlab/searchlab/beam/searchbeam"
)

var (
	pipeline   = flag.String("pipeline", "solve", "`pipeline` to run: solve (puzzle files) or units (hard sliding boards by IDA* work units)")
	input      = flag.String("input", "", "input `files`: paths or globs, comma-separated (local, gs://, ...)")
	out        = flag.String("out", "", "output `directory` (default: beside each input, named <input>.answers.jsonl)")
	kind       = flag.String("kind", "mixed", "solve: the `kind` of every line (sudoku, sliding, stroke), or mixed: each line starts with its kind")
	partitions = flag.String("partitions", "", "pattern databases by board size, such as 4x4=6-6-3,5x5=6-6-6-6 (default: 7-8 for 4x4, 6-6-6-6 for 5x5)")
	pdbDir     = flag.String("pdb_dir", "", "pattern database `directory` on the workers (default: the user cache)")
	maxNodes   = flag.Int64("max_nodes", 0, "cap on the nodes of each search (0: none)")
	timeout    = flag.Duration("timeout", 0, "solve: time allowed per line (0: none)")
	depth      = flag.Int("depth", 10, "units: the split `depth` (at most the board's heuristic)")
	stages     = flag.Int("stages", 16, "units: the `number` of bounds searched, one per stage; boards still open after them report the next bound")
)

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "Usage: searchbeam --pipeline solve|units --input FILES [flags] [--runner prism|flink|dataflow|spark ...]\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	beam.Init()
	if err := run(context.Background()); err != nil {
		log.Fatalf("searchbeam: %v", err)
	}
}

func run(ctx context.Context) error {
	if *input == "" {
		return fmt.Errorf("--input is required")
	}
	var patterns []string
	for _, p := range strings.Split(*input, ",") {
		if p = strings.TrimSpace(p); p != "" {
			patterns = append(patterns, p)
		}
	}
	opt := searchbeam.Options{Kind: *kind, Partitions: *partitions, PDBDir: *pdbDir, MaxNodes: *maxNodes, Timeout: *timeout}
	p, s := beam.NewPipelineWithRoot()
	switch *pipeline {
	case "solve":
		switch *kind {
		case searchbeam.KindMixed, searchbeam.KindSudoku, searchbeam.KindSliding, searchbeam.KindStroke:
		default:
			return fmt.Errorf("--kind %q: want mixed, sudoku, sliding or stroke", *kind)
		}
		searchbeam.SolveFiles(s, patterns, *out, opt)
	case "units":
		if *depth < 0 || *stages < 1 {
			return fmt.Errorf("--depth must not be negative, --stages at least 1")
		}
		searchbeam.SolveHardBoards(s, patterns, *out, *depth, *stages, opt)
	default:
		return fmt.Errorf("--pipeline %q: want solve or units", *pipeline)
	}
	return beamx.Run(ctx, p)
}
