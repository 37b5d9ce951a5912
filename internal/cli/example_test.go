package cli_test

import (
	"context"
	"fmt"
	"os"

	"github.com/searchlab/searchlab/internal/cli"
)

// A program of one command, whose flags may come before or after its file
// arguments, and whose bad input ends it with exit status 2.
func ExampleProgram() {
	p := &cli.Program[string]{Name: "lab", Intro: "lab counts files."}
	p.Add(cli.Command[string]{Name: "count", Summary: "count the files named", Run: func(ctx context.Context, greeting string, args []string) error {
		fs := cli.NewFlagSet(os.Stdout, "lab count", "[--min n] file ...", "Counts the files named.")
		least := fs.Int("min", 1, "the fewest `n` files allowed")
		files, err := cli.Parse(fs, args)
		if err != nil {
			return err
		}
		if len(files) < *least {
			return cli.Inputf("%d files, want at least %d", len(files), *least)
		}
		fmt.Println(greeting, len(files), "files")
		return nil
	}})
	fmt.Println(p.Run(context.Background(), "counted", os.Stdout, os.Stdout, []string{"count", "a.txt", "--min", "2", "b.txt"}))
	fmt.Println(p.Run(context.Background(), "counted", os.Stdout, os.Stdout, []string{"count", "--min", "3", "a.txt"}))
	fmt.Println(p.Run(context.Background(), "counted", os.Stdout, os.Stdout, []string{"count", "--max", "3"}))
	// Output:
	// counted 2 files
	// 0
	// lab: 1 files, want at least 3
	// 2
	// lab count: flag provided but not defined: -max
	// Run "lab count -h" for help.
	// 2
}
