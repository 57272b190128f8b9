package battle_test

import (
	"muster/rules/battle"
	"muster/rules/battle/muster"
)

// The engine's tests build their forces through the door (helpers_test.go: NewForce).
func init() { battle.NewForce = muster.NewForce }
