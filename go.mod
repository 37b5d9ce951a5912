module github.com/searchlab/searchlab

go 1.26
