// Package logr is a stub of github.com/go-logr/logr.
package logr

type Logger struct{}

func (l Logger) Info(msg string, keysAndValues ...any)             {}
func (l Logger) Error(err error, msg string, keysAndValues ...any) {}
func (l Logger) V(level int) Logger                                { return l }
