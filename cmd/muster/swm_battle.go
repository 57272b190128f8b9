package main

import (
	"fmt"
	"io"
)

func swmBattle(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "muster swm battle: the d20 engine is not built yet")
	return 2
}

func swmSim(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "muster swm sim: the d20 engine is not built yet")
	return 2
}
