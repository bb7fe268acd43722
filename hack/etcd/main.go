// Command etcd is the etcd server at the version pinned in this module's
// go.mod. `make kube-binaries` builds it for the runtime module's envtest
// suites, which cannot download release binaries.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}
