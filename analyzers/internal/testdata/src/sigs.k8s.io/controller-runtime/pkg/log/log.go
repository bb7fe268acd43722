// Package log is a stub of sigs.k8s.io/controller-runtime/pkg/log.
package log

import (
	"context"

	"github.com/go-logr/logr"
)

func FromContext(ctx context.Context, keysAndValues ...any) logr.Logger { return logr.Logger{} }
