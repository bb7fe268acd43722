// Package v1alpha1 is the API of the example hosting operator: a Website
// (a web server Deployment, its Service and a public Route), a SiteConfig
// (published as a ConfigMap) and two cloud resources managed through direct
// adapters, Bucket and BucketPolicy.
//
// +groupName=hosting.deletionlint.dev
package v1alpha1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of every kind in this package.
	GroupVersion = schema.GroupVersion{Group: "hosting.deletionlint.dev", Version: "v1alpha1"}

	// SchemeBuilder registers the kinds of this package with a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the kinds of this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func init() {
	SchemeBuilder.Register(
		&Website{}, &WebsiteList{},
		&Route{}, &RouteList{},
		&SiteConfig{}, &SiteConfigList{},
		&Bucket{}, &BucketList{},
		&BucketPolicy{}, &BucketPolicyList{},
	)
}
