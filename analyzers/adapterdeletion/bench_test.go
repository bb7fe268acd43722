package adapterdeletion_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/analyzers/adapterdeletion"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/depnotfound"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/isdeleting"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// benchSizes are the numbers of adapters in the synthetic packages: the
// largest is about as many as Config Connector's direct controllers have,
// and comparing them shows the cost grows linearly.
var benchSizes = []int{100, 400}

// adapterShapes are the bodies of the generated AdapterForObject methods,
// the shapes real adapters take; %[1]d is the adapter's number.
var adapterShapes = []string{
	// Resolution first: reported.
	`	obj := &Instance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace)
	if err != nil {
		return nil, err
	}
	return &adapter%[1]d{network: network}, nil`,
	// Guarded resolution: clean.
	`	u := op.GetUnstructured()
	obj := &Instance{}
	if err := fromUnstructured(u, obj); err != nil {
		return nil, fmt.Errorf("converting: %%w", err)
	}
	if !op.IsDeleting() {
		if err := common.NormalizeReferences(ctx, op.Reader, u, nil); err != nil {
			return nil, err
		}
	}
	return &adapter%[1]d{desired: obj}, nil`,
	// Helper resolution before a late check: reported.
	`	obj := &Instance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	if err := resolveRefs%[1]d(ctx, op.Reader, obj); err != nil {
		return nil, err
	}
	if op.IsDeleting() {
		return &adapter%[1]d{}, nil
	}
	return &adapter%[1]d{desired: obj}, nil`,
	// Project only (plain error): clean.
	`	obj := &Instance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	project, err := refs.ResolveProject(ctx, op.Reader, obj.Namespace, obj.Spec.ProjectRef)
	if err != nil {
		return nil, err
	}
	return &adapter%[1]d{network: project.ProjectID}, nil`,
}

// generate writes the synthetic package bench/adapters into a GOPATH at
// dir, beside a copy of the stub packages, and returns how many adapters
// resolve before the deletion test.
func generate(b *testing.B, dir string, n int) int {
	src := filepath.Join(gopathtest.TestData(b), "src")
	for _, root := range []string{"k8s.io", "sigs.k8s.io", "github.com"} {
		if err := os.CopyFS(filepath.Join(dir, "src", root), os.DirFS(filepath.Join(src, root))); err != nil {
			b.Fatal(err)
		}
	}
	pkg := filepath.Join(dir, "src", "bench", "adapters")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		b.Fatal(err)
	}
	common := `package adapters

import (
	"fmt"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

type Instance struct {
	metav1.ObjectMeta
	Spec struct {
		ProjectRef *refs.ProjectRef
		NetworkRef *refs.ComputeNetworkRef
	}
}

func fromUnstructured(u *unstructured.Unstructured, obj *Instance) error {
	if u == nil {
		return fmt.Errorf("nil object")
	}
	obj.Name = u.GetName()
	return nil
}
`
	if err := os.WriteFile(filepath.Join(pkg, "common.go"), []byte(common), 0o644); err != nil {
		b.Fatal(err)
	}
	reported := 0
	for i := range n {
		shape := i % len(adapterShapes)
		if shape == 0 || shape == 2 {
			reported++
		}
		var s strings.Builder
		fmt.Fprintf(&s, `package adapters

import (
	"context"
	"fmt"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/common"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var (
	_ = common.VisitFields
	_ = refs.Normalize
	_ = fmt.Errorf
)

type model%[1]d struct{}

func (m *model%[1]d) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

func (m *model%[1]d) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
%[2]s
}

func resolveRefs%[1]d(ctx context.Context, reader client.Reader, obj *Instance) error {
	if obj.Spec.NetworkRef == nil {
		return nil
	}
	if err := obj.Spec.NetworkRef.Normalize(ctx, reader, obj.Namespace); err != nil {
		return fmt.Errorf("resolving networkRef: %%w", err)
	}
	return nil
}

type adapter%[1]d struct {
	network string
	desired *Instance
}

func (a *adapter%[1]d) Delete(ctx context.Context, op *directbase.DeleteOperation) (bool, error) {
	return true, nil
}

func (a *adapter%[1]d) Find(ctx context.Context) (bool, error) {
	if a.desired == nil {
		return false, nil
	}
	return a.network != "", nil
}

func (a *adapter%[1]d) Create(ctx context.Context, op *directbase.CreateOperation) error {
	if a.desired == nil {
		return fmt.Errorf("nothing to create")
	}
	return nil
}

func (a *adapter%[1]d) Update(ctx context.Context, op *directbase.UpdateOperation) error {
	return nil
}

func (a *adapter%[1]d) Export(ctx context.Context) (*unstructured.Unstructured, error) {
	u := &unstructured.Unstructured{}
	u.SetName(a.network)
	return u, nil
}
`, i, fmt.Sprintf(adapterShapes[shape], i))
		name := filepath.Join(pkg, fmt.Sprintf("adapter%03d.go", i))
		if err := os.WriteFile(name, []byte(s.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return reported
}

// BenchmarkLargePackage measures the rule (with its prerequisites) on
// packages of benchSizes adapters, against a baseline of the analyzers
// every rule shares (inspect and isdeleting) and against depnotfound
// alone.
func BenchmarkLargePackage(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("adapters=%d", n), func(b *testing.B) { benchPackage(b, n) })
	}
}

func benchPackage(b *testing.B, n int) {
	dir := b.TempDir()
	want := generate(b, dir, n)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, "bench/adapters")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("the generated package does not load")
	}
	run := func(b *testing.B, as []*analysis.Analyzer, check bool) {
		b.ReportAllocs()
		for b.Loop() {
			res, err := checker.Analyze(as, pkgs, nil)
			if err != nil {
				b.Fatal(err)
			}
			if !check {
				continue
			}
			got := 0
			for _, act := range res.Roots {
				if act.Err != nil {
					b.Fatal(act.Err)
				}
				got += len(act.Diagnostics)
			}
			if got != want {
				b.Fatalf("%d findings, want %d", got, want)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/adapter")
	}
	b.Run("baseline", func(b *testing.B) {
		run(b, []*analysis.Analyzer{inspect.Analyzer, isdeleting.Analyzer}, false)
	})
	b.Run("depnotfound", func(b *testing.B) {
		run(b, []*analysis.Analyzer{inspect.Analyzer, depnotfound.Analyzer}, false)
	})
	b.Run("adapterdeletion", func(b *testing.B) {
		run(b, []*analysis.Analyzer{adapterdeletion.Analyzer}, true)
	})
}
