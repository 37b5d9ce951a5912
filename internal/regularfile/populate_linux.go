package regularfile

import "syscall"

// mapPopulate has a mapping's pages mapped at once, in one system call,
// rather than one page fault at a time as they are first read.
const mapPopulate = syscall.MAP_POPULATE
