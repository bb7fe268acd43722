// Package operandtest reproduces a work-queue controller whose test of
// deletion is one operand of its condition (deleting && cascaded), and
// whose deletion code releases the finalizer two calls down, through a
// method of the API type that edits the metadata: the object it is for is
// still the App the condition tests. A fresh copy of the App read by its
// own name into another variable, then put in its place, is the App
// itself: a missing one has nothing left to delete. An App read by the
// name its spec refers to is another App.
package operandtest

import (
	"context"
	"encoding/json"
	"log"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"finalizerblock/operandtest/api"
)

type Controller struct {
	apps    api.AppsGetter
	indexer indexer
	ns      string
}

type indexer interface {
	GetByKey(key string) (interface{}, bool, error)
}

func (c *Controller) process(key interface{}) (next bool) {
	obj, exists, err := c.indexer.GetByKey(key.(string))
	if err != nil {
		return
	}
	if !exists {
		return
	}
	orig, ok := obj.(*api.App)
	if !ok {
		return
	}
	app := orig.DeepCopy()
	if app.Operation != nil {
		fresh, err := c.apps.Apps(c.ns).Get(context.Background(), app.ObjectMeta.Name, metav1.GetOptions{})
		if err != nil {
			log.Printf("no fresh copy: %v", err)
			return
		}
		app = fresh
	}
	if app.Operation != nil {
		log.Print("operate")
	} else if app.DeletionTimestamp != nil && app.Cascaded() {
		if err := c.finalize(app); err != nil {
			log.Print(err)
		}
	}
	return
}

// processAfter also reads the App its spec says it comes after.
func (c *Controller) processAfter(key interface{}) {
	obj, exists, err := c.indexer.GetByKey(key.(string))
	if err != nil || !exists {
		return
	}
	orig, ok := obj.(*api.App)
	if !ok {
		return
	}
	app := orig.DeepCopy()
	if app.Spec.After != "" {
		if _, err := c.apps.Apps(c.ns).Get(context.Background(), app.Spec.After, metav1.GetOptions{}); err != nil {
			log.Printf("no App before it: %v", err)
			return // want `when the App named by app.Spec.After is already deleted, its lookup fails with not-found and this return drops the error`
		}
	}
	if app.DeletionTimestamp != nil && app.Cascaded() {
		if err := c.finalize(app); err != nil {
			log.Print(err)
		}
	}
}

func (c *Controller) finalize(app *api.App) error {
	if app.Spec.Dest == "x" {
		return nil
	}
	return c.removeFinalizer(app)
}

func (c *Controller) removeFinalizer(app *api.App) error {
	app.UnsetCascaded()
	patch, _ := json.Marshal(map[string]interface{}{"metadata": map[string]interface{}{"finalizers": app.Finalizers}})
	_, err := c.apps.Apps(app.Namespace).Patch(context.Background(), app.Name, types.MergePatchType, patch, metav1.PatchOptions{})
	return err
}
