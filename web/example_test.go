package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/web"
)

func ExampleNew() {
	srv := httptest.NewServer(web.New(web.Config{MaxConcurrent: 4, SolveTimeout: 5 * time.Second}))
	defer srv.Close()

	resp, err := http.Post(srv.URL+"/api/sliding/solve", "application/json",
		strings.NewReader(`{"board": "1 2 3 4 0 6 7 5 8"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var a api.SlidingAnswer
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.Status, a.Length, a.Moves, a.Optimal)
	// Output: 200 OK 2 DR true
}

func ExampleNew_errors() {
	srv := httptest.NewServer(web.New(web.Config{}))
	defer srv.Close()

	for _, body := range []string{
		`{"board": "2 1 3 4 5 6 7 8 0"}`,
		`{"board": "1 2 3 4 5 6 7 8"}`,
	} {
		resp, err := http.Post(srv.URL+"/api/sliding/solve", "application/json", strings.NewReader(body))
		if err != nil {
			fmt.Println(err)
			return
		}
		var e api.Error
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		fmt.Println(resp.StatusCode, e.Error)
	}
	// Output:
	// 422 unsolvable: the board cannot reach the goal (permutation parity and blank row)
	// 400 board: sliding: line 1: 8 numbers do not make a square board (give the size with "size" WxH)
}
